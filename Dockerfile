FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app

COPY pyproject.toml README.md alembic.ini ./
COPY rules ./rules
COPY bot ./bot
COPY migrations ./migrations
RUN pip install . && useradd --create-home asobiba && mkdir -p /app/data && chown asobiba /app/data

USER asobiba
VOLUME ["/app/data"]
# Migrations run automatically at start-up.
CMD ["python", "-m", "bot"]
