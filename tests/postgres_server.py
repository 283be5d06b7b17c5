"""A throwaway PostgreSQL server on a free loopback port, for the tests (and `.ci/run`).

`python -m tests.postgres_server start DIR` creates a cluster in DIR, starts it and prints its URL;
`python -m tests.postgres_server stop DIR` stops it. Run as root, the server runs as the `postgres`
user (PostgreSQL refuses to run as root). Uses the PostgreSQL 15 server binaries of the machine.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import uuid
from pathlib import Path


def binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise RuntimeError("PostgreSQL server binaries (initdb, pg_ctl) are not installed")


def as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(folder: Path) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    bin_dir = binaries()
    subprocess.run(
        as_server_user(
            [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"]
        ),
        check=True,
        capture_output=True,
    )
    port = free_port()
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    subprocess.run(
        as_server_user(
            [
                str(bin_dir / "pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(folder / "log"),
                "-o",
                options,
                "-w",
                "start",
            ]
        ),
        check=True,
        capture_output=True,
    )
    return f"postgresql://postgres@127.0.0.1:{port}/postgres"


async def fresh_schema(server_url: str) -> str:
    """A new, empty schema on the server, as a DATABASE_URL whose tables live in it."""
    import asyncpg

    schema = f"test_{uuid.uuid4().hex[:12]}"
    connection = await asyncpg.connect(server_url)
    try:
        await connection.execute(f"CREATE SCHEMA {schema}")
    finally:
        await connection.close()
    return f"{server_url}?search_path={schema}"


def stop(folder: Path) -> None:
    subprocess.run(
        as_server_user([str(binaries() / "pg_ctl"), "-D", str(folder / "data"), "-m", "immediate", "stop"]),
        check=False,
        capture_output=True,
    )


if __name__ == "__main__":
    verb, folder = sys.argv[1], Path(sys.argv[2])
    if verb == "start":
        print(start(folder))
    else:
        stop(folder)
