# Martian Arcade: a slim image that runs the bot as an unprivileged user.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
# constraints.txt pins the exact versions CI tests with, so the image runs those.
COPY pyproject.toml README.md constraints.txt ./
COPY catalogue ./catalogue
COPY games ./games
COPY renderers ./renderers
COPY bot ./bot
COPY benchmarks ./benchmarks
COPY computer ./computer
COPY tutor ./tutor
COPY league ./league
RUN pip install -c constraints.txt . \
    && useradd --create-home --uid 10001 arcade \
    && mkdir -p /data \
    && chown arcade:arcade /data

USER arcade
# Matches live in the /data volume, so they survive new containers and upgrades.
ENV DATABASE_URL=sqlite:////data/martian.db \
    HEARTBEAT_FILE=/tmp/martian-arcade.heartbeat
VOLUME ["/data"]

# Healthy while connected to Discord: the bot touches its heartbeat file on every sweep.
HEALTHCHECK --interval=60s --timeout=10s --start-period=60s --retries=3 CMD ["python", "-m", "bot", "health"]

# docker stop sends SIGTERM, which the bot handles: it finishes in-flight work and closes cleanly.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
