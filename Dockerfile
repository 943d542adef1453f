# Debian 12 (bookworm), named: the PostgreSQL client below comes from its release of PGDG.
FROM python:3.11-slim-bookworm

# The major version of the PostgreSQL server the bot's database runs on (docker-compose.yml:
# postgres:16): pg_dump refuses a server newer than itself, so `python -m bot backup` needs
# this one or newer. Another server: docker compose build --build-arg POSTGRES_MAJOR=17.
ARG POSTGRES_MAJOR=16

# The heartbeat lives in the container (not in a volume): `python -m bot health` checks it.
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    HEARTBEAT_FILE=/tmp/asobiba-heartbeat
WORKDIR /app

# PostgreSQL's client tools (pg_dump, pg_restore) for `python -m bot backup` and `restore`:
# Debian's own are version 15, so they come from PostgreSQL's apt repository (PGDG), which the
# script in Debian's postgresql-common sets up with the key it ships.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
    && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
    && apt-get install -y --no-install-recommends "postgresql-client-${POSTGRES_MAJOR}" \
    && rm -rf /var/lib/apt/lists/*

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
