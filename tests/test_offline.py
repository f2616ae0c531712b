"""Nothing at run time touches the network: ingest, search, ask and serve with every outbound
connection blocked and recorded. Loopback (the UI's own server) is allowed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path

import pytest

GUARD = textwrap.dedent('''
    import os, socket
    _log = os.environ["PAPERCHAT_NET_LOG"]
    def _allowed(address):
        if isinstance(address, (str, bytes)):  # AF_UNIX
            return True
        host = str(address[0])
        return host in ("127.0.0.1", "::1", "localhost", "0.0.0.0") or host.startswith("127.")
    def _record(what):
        with open(_log, "a") as f:
            f.write(what + "\\n")
    _connect, _connect_ex = socket.socket.connect, socket.socket.connect_ex
    def connect(self, address):
        if not _allowed(address):
            _record(f"connect {address!r}")
            raise OSError(101, "network blocked by PaperChat's offline test")
        return _connect(self, address)
    def connect_ex(self, address):
        if not _allowed(address):
            _record(f"connect_ex {address!r}")
            return 101
        return _connect_ex(self, address)
    _getaddrinfo = socket.getaddrinfo
    def getaddrinfo(host, *a, **kw):
        local = (None, "localhost", "127.0.0.1", "::1", "0.0.0.0")
        if host not in local and not str(host).startswith("127."):
            _record(f"resolve {host!r}")
            raise socket.gaierror(-2, "name resolution blocked by PaperChat's offline test")
        return _getaddrinfo(host, *a, **kw)
    socket.socket.connect, socket.socket.connect_ex, socket.getaddrinfo = connect, connect_ex, getaddrinfo
''')


@pytest.fixture
def guarded_env(tmp_path: Path) -> dict[str, str]:
    guard_dir = tmp_path / "guard"
    guard_dir.mkdir()
    (guard_dir / "sitecustomize.py").write_text(GUARD)
    env = dict(os.environ)
    # a fresh environment: none of the offline switches pre-set, so the code must set them
    for var in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "ANONYMIZED_TELEMETRY",
                "GRADIO_ANALYTICS_ENABLED", "DO_NOT_TRACK", "HF_HUB_DISABLE_TELEMETRY"):
        env.pop(var, None)
    env["PYTHONPATH"] = os.pathsep.join([str(guard_dir), env.get("PYTHONPATH", "")])
    env["PAPERCHAT_NET_LOG"] = str(tmp_path / "net.log")
    env["PAPERCHAT_HOME"] = str(tmp_path / "home")
    (tmp_path / "net.log").write_text("")
    return env


def _paperchat(env: dict[str, str], *args: str, timeout: int = 600) -> str:
    proc = subprocess.run([sys.executable, "-m", "rag.cli", *args], env=env, check=False,
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def test_guard_really_blocks(guarded_env: dict[str, str]) -> None:
    code = "import urllib.request\ntry:\n urllib.request.urlopen('http://example.org', timeout=5)\n" \
           "except OSError as e:\n print('blocked', e)\n"
    out = subprocess.run([sys.executable, "-c", code], env=guarded_env, check=False,
                         capture_output=True, text=True, timeout=60).stdout
    assert "blocked" in out
    assert "example.org" in Path(guarded_env["PAPERCHAT_NET_LOG"]).read_text()


@pytest.mark.llm
def test_ingest_search_ask_offline(guarded_env: dict[str, str], seed_files: list[Path]) -> None:
    out = _paperchat(guarded_env, "ingest", *map(str, seed_files))
    assert "added 29" in out
    assert "SZO" in _paperchat(guarded_env, "search", "zeroth-order optimization", "-k", "3")
    assert "[1]" in _paperchat(guarded_env, "ask", "Which papers study zeroth-order methods?")
    assert Path(guarded_env["PAPERCHAT_NET_LOG"]).read_text() == ""


def test_serve_offline(guarded_env: dict[str, str]) -> None:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "rag.cli", "serve", "--port", str(port)],
                            env=guarded_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    try:
        deadline = time.time() + 180
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
                    assert r.status == 200
                    break
            except OSError:
                assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
                assert time.time() < deadline, "serve did not come up"
                time.sleep(1)
        time.sleep(3)  # give background threads (telemetry, version checks) a chance to try
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert Path(guarded_env["PAPERCHAT_NET_LOG"]).read_text() == ""
