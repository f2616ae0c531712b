"""Acceptance on the real corpora (7,486 papers): ingest with a progress bar, a rerun adds
nothing, and an ingest killed half-way (SIGKILL, no cleanup) then rerun ends with exactly 7,486
papers in both Chroma and the catalog. Slow: about 6-8 minutes of embedding on 2 cores."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from tests.conftest import SHARED

pytestmark = [pytest.mark.slow, pytest.mark.timeout(2400)]

FILES = [SHARED / "datasets" / "neurips2023-abstracts" / "neurips2023.jsonl",
         SHARED / "datasets" / "paperlists-ml-2023-2025" / "papers.jsonl"]
TOTAL = 7486


def _count(db: Path) -> int:
    try:
        with closing(sqlite3.connect(db, timeout=30)) as con:  # (a bare "with" leaves it open)
            return int(con.execute("SELECT count(*) FROM papers").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


@pytest.mark.skipif(not all(f.exists() for f in FILES), reason="../shared/datasets not present")
def test_kill_half_way_then_rerun_ends_with_every_paper_once(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "PAPERCHAT_HOME": str(home)}
    cmd = [sys.executable, "-m", "rag.cli", "ingest", *map(str, FILES)]
    log = (tmp_path / "first.log").open("w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    db = home / "papers.sqlite3"
    deadline = time.time() + 1800
    while _count(db) < TOTAL // 2:
        assert proc.poll() is None, (tmp_path / "first.log").read_text()[-2000:]
        assert time.time() < deadline
        time.sleep(0.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    log.close()
    killed_at = _count(db)
    assert TOTAL // 2 <= killed_at < TOTAL
    assert "embedding" in (tmp_path / "first.log").read_text()  # the progress bar was shown

    rerun = subprocess.run(cmd, env=env, check=False, capture_output=True, text=True,
                           timeout=3600)
    assert rerun.returncode == 0, rerun.stderr[-2000:]
    assert f"{TOTAL} papers in store" in rerun.stdout
    assert f"unchanged {killed_at}" in rerun.stdout
    assert "papers/s" in rerun.stdout  # throughput is printed

    again = subprocess.run(cmd, env=env, check=False, capture_output=True, text=True,
                           timeout=600)
    assert again.returncode == 0 and f"added 0, updated 0, unchanged {TOTAL}" in again.stdout

    from rag import PaperChat, get_settings
    chat = PaperChat(get_settings(home=home))
    assert chat.index.count() == TOTAL and chat.index.pending() == []
    got = chat.vectors.collection.get(include=["metadatas"])  # type: ignore[attr-defined]
    ids = [m["paper_id"] for m in got["metadatas"]]
    chunk_ids = got["ids"]
    assert len(set(ids)) == TOTAL and len(chunk_ids) == len(set(chunk_ids))
    hits = chat.search("zeroth-order optimization", k=5).hits
    assert any("zeroth-order" in h.paper.abstract.lower() for h in hits[:3])
    chat.close()
