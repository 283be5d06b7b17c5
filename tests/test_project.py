"""The project's own promises to admins and CI: README, .ci/run, .env.example, Docker files."""

import re
from pathlib import Path

from bot import Settings

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_test_command_readme_gives():
    ci = (ROOT / ".ci" / "run").read_text()
    command = re.search(r"^TEST_COMMAND='(.+)'$", ci, re.MULTILINE)[1]
    assert command.startswith("ruff check") and "pytest" in command
    assert command in (ROOT / "README.md").read_text()
    assert '"$TEST_COMMAND"' in ci and "set -euo pipefail" in ci


def test_env_example_lists_every_setting_and_loads():
    example = ROOT / ".env.example"
    keys = set(re.findall(r"^([A-Z_]+)=", example.read_text(), re.MULTILINE))
    assert keys == {
        "DISCORD_TOKEN",
        "DATABASE_URL",
        "SYNC_COMMANDS",
        "COMMAND_GUILD_ID",
        "LOBBY_TIMEOUT_SECONDS",
        "SWEEP_SECONDS",
        "LOG_LEVEL",
        "COMPUTER_DELAY_SECONDS",
        "COMPUTER_WORKERS",
        "SHARD_COUNT",
        "SHARD_IDS",
    }
    readme = (ROOT / "README.md").read_text()
    assert all(f"`{key}`" in readme for key in keys), "README's configuration table names every setting"
    loaded = Settings.from_env({}, env_file=example)
    defaults = Settings()
    assert loaded == defaults, "the example's values are the defaults"


def test_secrets_stay_out_of_git_and_docker():
    assert ".env" in (ROOT / ".gitignore").read_text().split()
    assert ".env" in (ROOT / ".dockerignore").read_text().split()
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert re.search(r"^USER (?!root)\w+", dockerfile, re.MULTILINE), "the container runs as a non-root user"
    assert 'CMD ["python", "-m", "bot"]' in dockerfile and "VOLUME" in dockerfile
