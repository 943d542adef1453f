FROM python:3.11-slim

# The heartbeat lives in the container (not in a volume): `python -m bot health` checks it.
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    HEARTBEAT_FILE=/tmp/asobiba-heartbeat
WORKDIR /app

# Dependencies first, at the versions in constraints.txt (this layer is cached until they change).
# The project installs no package of its own: the code runs from /app, the working directory.
COPY pyproject.toml README.md LICENSE constraints.txt ./
RUN pip install -c constraints.txt . && useradd --create-home asobiba \
    && mkdir -p /app/data && chown asobiba /app/data
COPY alembic.ini ./
COPY rules ./rules
COPY bot ./bot
COPY migrations ./migrations

USER asobiba
# The SQLite file (when DATABASE_URL is not set) is in /app/data: mount a named volume there,
# e.g. `docker run -v asobiba-data:/app/data …` (docker-compose.yml does).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
# Migrates the database, then connects; SIGTERM (docker stop) stops it gracefully, within 16 s
# at most: give it 30 (docker run --init --stop-timeout 30; docs/operating.md).
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
