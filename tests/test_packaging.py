"""The Docker image keeps secrets out and runs unprivileged, read from .dockerignore and Dockerfile."""

import fnmatch
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ROOT_USERS = {"root", "0"}


def docker_ignores(dockerignore: str, path: str) -> bool:
    """Whether Docker leaves `path` (relative to the build context) out of the context.

    As Docker reads the file: # comments and blank lines are skipped, a leading `!` re-includes,
    the last pattern that matches decides, and a pattern matching a folder covers what is in it.
    """
    ignored = False
    for line in dockerignore.splitlines():
        pattern = line.strip()
        if not pattern or pattern.startswith("#"):
            continue
        include = pattern.startswith("!")
        pattern = pattern.lstrip("!").strip().strip("/")
        parts = path.split("/")
        prefixes = ["/".join(parts[: i + 1]) for i in range(len(parts))]
        if any(fnmatch.fnmatchcase(prefix, pattern) for prefix in prefixes):
            ignored = not include
    return ignored


def instructions(dockerfile: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined and comments dropped."""
    joined = re.sub(r"\\\n", " ", dockerfile)
    found = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def runtime_user(dockerfile: str) -> str | None:
    """The user the container runs as: the last USER of the final stage (None: root by default)."""
    steps = instructions(dockerfile)
    final_stage = max(i for i, (word, _) in enumerate(steps) if word == "FROM")
    users = [rest for word, rest in steps[final_stage:] if word == "USER"]
    return users[-1].split(":")[0] if users else None


def runs_as_non_root(dockerfile: str) -> bool:
    """Runs as a named, non-root user that the image itself creates."""
    user = runtime_user(dockerfile)
    if user is None or user in ROOT_USERS:
        return False
    made = [rest for word, rest in instructions(dockerfile) if word == "RUN"]
    return any(re.search(rf"\b(useradd|adduser)\b[^&;]*\b{re.escape(user)}\b", run) for run in made)


def test_env_files_stay_out_of_the_image():
    dockerignore = (ROOT / ".dockerignore").read_text()
    for secret in (".env", ".env.local", ".env.production"):
        assert docker_ignores(dockerignore, secret), f"{secret} would be copied into the image"
    assert not docker_ignores(dockerignore, ".env.example"), "the example is meant to ship"
    for needed in ("bot/__main__.py", "bot/migrations/0001_initial.sql", "pyproject.toml", "README.md"):
        assert not docker_ignores(dockerignore, needed), f"{needed} is needed to build the image"


def test_the_container_runs_as_a_non_root_user():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert runs_as_non_root(dockerfile)
    user = runtime_user(dockerfile)
    chowned = [rest for word, rest in instructions(dockerfile) if word == "RUN" and "chown" in rest]
    assert any(re.search(rf"chown\s+{user}\S*\s+/data\b", run) for run in chowned), (
        "the database folder /data is writable by that user"
    )


# The checks above must notice each of these changes.
BROKEN_DOCKERFILES = {
    "no USER": lambda text: re.sub(r"^USER .*\n", "", text, flags=re.MULTILINE),
    "USER root": lambda text: re.sub(r"^USER .*$", "USER root", text, flags=re.MULTILINE),
    "USER 0:0": lambda text: re.sub(r"^USER .*$", "USER 0:0", text, flags=re.MULTILINE),
    "root again at the end": lambda text: text + "\nUSER root\n",
}
BROKEN_DOCKERIGNORES = {
    "no .env": lambda text: re.sub(r"^\.env\n", "", text, flags=re.MULTILINE),
    ".env re-included": lambda text: text + "!.env\n",
    "every .env.* re-included": lambda text: text + "!.env.*\n",
}


@pytest.mark.parametrize("change", BROKEN_DOCKERFILES)
def test_the_user_check_notices_a_root_container(change):
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert runs_as_non_root(dockerfile)
    assert not runs_as_non_root(BROKEN_DOCKERFILES[change](dockerfile))


@pytest.mark.parametrize("change", BROKEN_DOCKERIGNORES)
def test_the_ignore_check_notices_an_env_file_let_in(change):
    broken = BROKEN_DOCKERIGNORES[change]((ROOT / ".dockerignore").read_text())
    assert not all(docker_ignores(broken, secret) for secret in (".env", ".env.local"))


def test_the_fonts_and_their_licence_ship_in_the_wheel_and_the_image():
    import tomllib

    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "renderers"
    ]
    shipped = sorted(path for path in (ROOT / "renderers" / "fonts").iterdir() if path.suffix != ".py")
    names = {path.name for path in shipped}
    assert {"OFL.txt", "coverage.json"} <= names and any(name.endswith(".otf") for name in names)
    dockerignore = (ROOT / ".dockerignore").read_text()
    licence = (ROOT / "renderers" / "fonts" / "OFL.txt").read_text()
    assert "SIL OPEN FONT LICENSE" in licence.upper()
    for path in shipped:
        relative = path.relative_to(ROOT / "renderers").as_posix()
        assert any(fnmatch.fnmatchcase(relative, glob) for glob in globs), (
            f"{relative} is left out of the wheel"
        )
        assert not docker_ignores(dockerignore, f"renderers/{relative}"), (
            f"{relative} is left out of the image"
        )
        if path.suffix in (".ttf", ".otf"):
            assert path.name.split("-")[0] in licence, f"the licence file does not name {path.name}"
    assert ("COPY", "renderers ./renderers") in instructions((ROOT / "Dockerfile").read_text())


def test_the_compose_example_runs_every_shard_once_on_its_postgresql():
    import yaml

    compose = yaml.safe_load((ROOT / "docker-compose.postgres.yml").read_text())
    services = compose["services"]
    database = next(name for name, service in services.items() if "postgres" in service.get("image", ""))
    bots = {name: service for name, service in services.items() if service.get("build")}
    assert len(bots) >= 2, "two bot processes at least"
    counts = {int(bot["environment"]["SHARD_COUNT"]) for bot in bots.values()}
    assert len(counts) == 1, "every process agrees on the number of shards"
    shards = [int(shard) for bot in bots.values() for shard in bot["environment"]["SHARD_IDS"].split(",")]
    assert sorted(shards) == list(range(counts.pop())), "each shard runs in exactly one process"
    for bot in bots.values():
        assert f"@{database}:" in bot["environment"]["DATABASE_URL"]
        assert bot["environment"]["DATABASE_URL"].startswith("postgresql://")
        assert bot["depends_on"][database]["condition"] == "service_healthy"
        assert bot["restart"] == "unless-stopped"
    assert sum(bot["environment"]["SYNC_COMMANDS"] == "true" for bot in bots.values()) == 1
    assert "healthcheck" in services[database] and services[database]["volumes"]


def test_the_image_copies_every_package_the_project_installs():
    import tomllib

    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    copied = {
        rest.split()[0] for word, rest in instructions((ROOT / "Dockerfile").read_text()) if word == "COPY"
    }
    for pattern in packages["include"]:
        assert pattern.rstrip("*") in copied, f"the Dockerfile does not copy {pattern.rstrip('*')}/"


def seconds(duration: str) -> float:
    """A compose duration like 20s or 1m30s, in seconds."""
    units = {"h": 3600, "m": 60, "s": 1}
    return sum(float(amount) * units[unit] for amount, unit in re.findall(r"([\d.]+)(h|m|s)", duration))


def test_the_default_compose_file_keeps_sqlite_on_a_volume_and_stops_gracefully():
    import yaml

    from bot.app import SHUTDOWN_GRACE_SECONDS

    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    bot, *others = compose["services"].values()
    assert not others, "one bot, no database server: SQLite"
    assert bot["build"] == "." and bot["restart"] == "unless-stopped" and bot["env_file"] == ".env"
    volume, _, mounted = bot["volumes"][0].partition(":")
    assert volume in compose["volumes"], "a named volume, so matches survive new containers"
    assert bot["environment"]["DATABASE_URL"] == f"sqlite:///{mounted}/martian.db"
    assert seconds(bot["stop_grace_period"]) > SHUTDOWN_GRACE_SECONDS + 5, "room to finish and close"


def test_the_image_has_a_health_check_and_stops_on_sigterm():
    steps = instructions((ROOT / "Dockerfile").read_text())
    health = [rest for word, rest in steps if word == "HEALTHCHECK"]
    assert health and '"python", "-m", "bot", "health"' in health[-1]
    env = " ".join(rest for word, rest in steps if word == "ENV")
    assert "HEARTBEAT_FILE=" in env, "the health check reads the heartbeat the bot keeps"
    assert ("STOPSIGNAL", "SIGTERM") in steps


def installs_with_constraints(dockerfile: str, dockerignore: str) -> bool:
    """Every `pip install` in the image is pinned by constraints.txt, copied in before it, as CI installs."""
    copied: set[str] = set()
    installs = 0
    for word, rest in instructions(dockerfile):
        if word == "COPY":
            copied.update(rest.split()[:-1])
        if word == "RUN":
            for install in re.findall(r"pip install\b[^&;]*", rest):
                installs += 1
                pinned = re.search(r"(-c|--constraint)[ =]constraints\.txt\b", install)
                if not pinned or "constraints.txt" not in copied:
                    return False
    return installs > 0 and not docker_ignores(dockerignore, "constraints.txt")


def test_the_image_installs_the_versions_ci_tests_with():
    dockerfile = (ROOT / "Dockerfile").read_text()
    dockerignore = (ROOT / ".dockerignore").read_text()
    assert installs_with_constraints(dockerfile, dockerignore)
    unpinned = dockerfile.replace("-c constraints.txt ", "")
    assert not installs_with_constraints(unpinned, dockerignore), "the check notices an unpinned install"
    assert not installs_with_constraints(dockerfile, dockerignore + "constraints.txt\n"), (
        "the check notices constraints.txt left out of the build context"
    )


class MissingComposeVariable(Exception):
    """Compose refuses to start: a ${NAME:?message} or ${NAME?message} variable has no value."""


def compose_interpolate(value: str, environ: dict[str, str]) -> str:
    """A compose file's ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error} and ${NAME?error},
    as docker compose fills them in (the colon forms treat an empty value as unset)."""

    def fill(match: re.Match) -> str:
        name, operator, argument = match.group(1), match.group(2) or "", match.group(3) or ""
        present = name in environ and (bool(environ[name]) or not operator.startswith(":"))
        if present:
            return environ[name]
        if operator.endswith("?"):
            raise MissingComposeVariable(f"{name}: {argument}")
        return argument if operator.endswith("-") else ""

    return re.sub(r"\$\{(\w+)(:?[-?])?([^}]*)\}", fill, value)


def postgres_password_uses(compose_text: str) -> list[str]:
    """Every value of docker-compose.postgres.yml that holds the database password."""
    import yaml

    services = yaml.safe_load(compose_text)["services"]
    values = [services["database"]["environment"]["POSTGRES_PASSWORD"]]
    values += [
        service["environment"]["DATABASE_URL"] for service in services.values() if service.get("build")
    ]
    return values


def test_the_postgresql_compose_file_requires_a_password():
    text = (ROOT / "docker-compose.postgres.yml").read_text()
    uses = postgres_password_uses(text)
    assert len(uses) == 3, "the database and both bots"
    for value in uses:
        with pytest.raises(MissingComposeVariable, match="POSTGRES_PASSWORD"):
            compose_interpolate(value, {})
        with pytest.raises(MissingComposeVariable, match="POSTGRES_PASSWORD"):
            compose_interpolate(value, {"POSTGRES_PASSWORD": ""})
        assert "s3cret" in compose_interpolate(value, {"POSTGRES_PASSWORD": "s3cret"})
    # A silent default, as the file once had, passes no error: the check above notices it.
    assert compose_interpolate("${POSTGRES_PASSWORD:-change-me}", {}) == "change-me"


def test_readme_backs_up_the_compose_postgresql_through_its_container():
    """The compose file publishes no port, so a pg_dump on the host can't reach the database: the
    README's backup and restore run in the database's container, with its user and database,
    the dump passing through stdout and stdin (-T: no terminal to garble it)."""
    import yaml

    compose = yaml.safe_load((ROOT / "docker-compose.postgres.yml").read_text())
    database = compose["services"]["database"]
    assert "ports" not in database, "if a port is published, README may say so instead"
    user, name = database["environment"]["POSTGRES_USER"], database["environment"]["POSTGRES_DB"]
    readme = (ROOT / "README.md").read_text()
    prefix = "docker compose -f docker-compose.postgres.yml exec -T database"
    dump = re.search(rf"^\s*{re.escape(prefix)} pg_dump (.+?) > .+\.dump$", readme, re.MULTILINE)
    restore = re.search(rf"^\s*{re.escape(prefix)} pg_restore (.+?) < .+\.dump$", readme, re.MULTILINE)
    assert dump and restore
    assert f"-U {user}" in dump[1] and dump[1].split()[-1] == name and "-Fc" in dump[1]
    assert f"-U {user}" in restore[1] and f"-d {name}" in restore[1]
    bots = [service for service, settings in compose["services"].items() if settings.get("build")]
    assert f"stop {' '.join(bots)}" in readme, "the bots are stopped before a restore"
