"""``sog serve``: the command starts a real server on the data folder it is given."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

from click.testing import CliRunner

from sog.cli.main import main
from sog.cli.serve_cmd import DATA_ENV, default_data


def test_the_data_folder_defaults_to_the_environment_then_the_users_share(monkeypatch, tmp_path):
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "games"))
    assert default_data() == tmp_path / "games"
    monkeypatch.delenv(DATA_ENV)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_data() == tmp_path / "xdg" / "sog"


def test_serve_is_a_command_with_host_port_and_data():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    assert all(option in result.output for option in ("--host", "--port", "--data"))


def test_sog_serve_answers_on_its_port_and_stores_in_its_folder(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-c", "from sog.cli.main import main; main()", "serve", "--port", str(port),
               "--data", str(tmp_path / "data")]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ})
    try:
        deadline, answer = time.time() + 60, None
        while answer is None and time.time() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/scenarios", timeout=5) as response:
                    answer = json.loads(response.read())
            except OSError:
                time.sleep(0.2)
        assert answer is not None and answer["scenarios"]
        assert (tmp_path / "data" / "games.sqlite3").exists()
    finally:
        server.terminate()
        server.wait(10)
