"""PaperChat on existing servers: a Chroma server (client/server mode) and llama-cpp-python's
OpenAI-compatible server, both started on loopback by the test."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from rag import PaperChat, get_settings
from rag.citations import parse_markers

pytestmark = pytest.mark.llm


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(url: str, proc: subprocess.Popen[bytes], seconds: float = 120) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        assert proc.poll() is None, f"server exited with {proc.returncode}"
        try:
            with urllib.request.urlopen(url, timeout=3):
                return
        except OSError as exc:
            if getattr(exc, "code", None):  # an HTTP error status: the server answers
                return
            time.sleep(0.5)
    raise AssertionError(f"{url} did not come up")


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    exe = shutil.which("chroma") or str(Path(sys.executable).parent / "chroma")
    port = _free_port()
    path = tmp_path_factory.mktemp("chroma-server")
    proc = subprocess.Popen([exe, "run", "--path", str(path), "--host", "127.0.0.1", "--port",
                             str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={"ANONYMIZED_TELEMETRY": "False", "PATH": "/usr/bin:/bin"})
    try:
        _wait(f"http://127.0.0.1:{port}/api/v2/heartbeat", proc)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture(scope="module")
def llama_server() -> Iterator[int]:
    from models.registry import resolve_gguf

    model = resolve_gguf("smollm2-135m", Path("/nonexistent"))
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", str(model),
                             "--model_alias", "smollm2-135m", "--host", "127.0.0.1", "--port",
                             str(port), "--n_ctx", "2048"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait(f"http://127.0.0.1:{port}/v1/models", proc)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_answers_through_chroma_and_llama_servers(chroma_server: int, llama_server: int,
                                                 tmp_path: Path, real_embedder,  # type: ignore[no-untyped-def]
                                                 seed_files: list[Path]) -> None:
    settings = get_settings("server", home=tmp_path / "home",
                            store={"chroma_port": chroma_server},
                            llm={"server_url": f"http://127.0.0.1:{llama_server}/v1",
                                 "model": "smollm2-135m", "strategy": "per-source"})
    chat = PaperChat(settings, embedder=real_embedder)
    assert type(chat.vectors).__name__ == "ChromaStore" and settings.store.mode == "http"
    report = chat.ingest(seed_files, progress=False)
    assert report.added == 29 and chat.vectors.count() == report.chunks >= 29
    top = chat.search("zeroth-order optimization", k=2).hits
    assert {h.paper.label for h in top} == {"SZO", "HO-SFL"}
    assert type(chat.llm).__name__ == "OpenAICompatLLM"
    assert chat.llm.count_tokens("Hello world, this is a test.") > 3
    a = chat.ask("Summarize the papers on bilevel optimization")
    assert a.timings["completion_tokens"] > 0  # the server generated
    ids = [p["paper_id"] for p in a.papers]
    assert a.citations and all(c.paper_id in ids for c in a.citations)
    for n in parse_markers(a.answer):
        assert 1 <= n <= len(ids)
    chat.close()
