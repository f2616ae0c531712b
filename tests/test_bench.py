"""`paperchat bench`: a quick smoke run on tiny stores (every row present, figures sane) and the
small pieces it is built from. No absolute time is asserted: the machine's speed is not ours."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rag.bench import Row, _copy_paper, _FreshIds, _rotate, format_table, peak_rss_bytes  # tested helpers
from rag.cli import app
from rag.types import Paper
from store.lexical import PaperIndex

ROOT = Path(__file__).resolve().parents[1]
NEURIPS = ROOT.parent / "shared" / "datasets" / "neurips2023-abstracts" / "neurips2023.jsonl"
DEMO = sorted((ROOT / "rag" / "data" / "demo").glob("*.txt"))

EXPECTED = {
    "search": ["paper list p50 @ 29", "paper list p95 @ 29",
               "paper list p50 @ 45 (synthetic copies)", "paper list p95 @ 45 (synthetic copies)"],
    "ingest": ["ingest 20 papers"],
    "ask": ["time to paper list", "first token", "tokens/s vs raw llama-cpp-python, no grammar",
            "tokens/s vs raw llama-cpp-python, same GBNF grammar", "decode-only tok/s",
            "prompt tokens per answer"],
    "serve": ["peak RSS @ 29", "cold start -> first HTTP 200", "one /ask via gradio_client"],
}


def _small_corpus(tmp_path: Path) -> Path:
    """40 real records (the shared NeurIPS file), or the demo papers where ../shared is absent."""
    path = tmp_path / "small.jsonl"
    if NEURIPS.is_file():
        with open(NEURIPS, encoding="utf-8") as f:
            path.write_text("".join(next(f) for _ in range(40)), encoding="utf-8")
        return path
    return DEMO[-1]  # 20 papers: sizes above 20 are synthetic copies of them


def _finite_positive(x: object) -> bool:
    return isinstance(x, (int, float)) and math.isfinite(x) and x > 0


@pytest.mark.slow
@pytest.mark.llm
def test_quick_bench_has_every_row_with_sane_figures(tmp_path: Path) -> None:
    home = tmp_path / "home"
    args = ["bench", "--quick", "--json", "--sizes", "29,45", "--corpus",
            str(_small_corpus(tmp_path)), "--ingest-papers", "20", "--queries", "5",
            "--max-tokens", "32", "--data-dir", str(home)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output[-3000:]
    data = json.loads(result.stdout)

    metrics = [r["metric"] for r in data["rows"]]
    for part, names in EXPECTED.items():
        for name in names:
            assert any(m.startswith(name) and r["part"] == part
                       for m, r in zip(metrics, data["rows"])), (part, name, metrics)
    for row in data["rows"]:
        assert _finite_positive(row["value"]), row
        if row["baseline"] is not None:
            assert _finite_positive(row["baseline"]), row
        if row["ratio"] is not None:
            assert _finite_positive(row["ratio"]), row
        assert row["passed"] in (True, False, None)
        assert (row["passed"] is None) == (not row["target_op"]), row

    kinds = {s["size"]: s["kind"] for s in data["stores"]}
    assert kinds == {29: "demo", 45: "synthetic"}
    assert data["synthetic"] is True
    assert all(s["papers"] == s["size"] for s in data["stores"])
    assert "synthetic copies" in next(s for s in data["stores"] if s["size"] == 45)["description"]

    for catalog in (home / "bench-cache").glob("*/papers.sqlite3"):  # token vectors for all
        index = PaperIndex(catalog)
        assert index.count() and index.without_tokens() == [], catalog
        index.close()

    table = format_table(data)
    assert "synthetic copies" in table
    assert all(m in table for m in metrics)
    assert "PASS" in table or "FAIL" in table

    # a rerun reuses the cached stores
    again = CliRunner().invoke(app, ["bench", "--json", "--sizes", "45", "--parts", "search",
                                     "--queries", "3", "--corpus", str(_small_corpus(tmp_path)),
                                     "--data-dir", str(home)])
    assert again.exit_code == 0, again.output[-3000:]
    stores = json.loads(again.stdout)["stores"]
    assert [(s["size"], s["cached"]) for s in stores] == [(45, True)]


def test_targets_pass_and_fail() -> None:
    assert Row("s", "p50", 120.0, "ms", target_op="<=", target=150.0).passed is True
    assert Row("s", "p50", 151.0, "ms", target_op="<=", target=150.0).passed is False
    assert Row("i", "x", 20.0, "papers/s", ratio=0.95, target_op=">=", target=0.9,
               target_on="ratio").passed is True
    assert Row("i", "x", 20.0, "papers/s", ratio=float("nan"), target_op=">=", target=0.9,
               target_on="ratio").passed is False
    assert Row("a", "info", 1.0, "ms").passed is None
    row = Row("a", "m", 2.0, "tok/s", baseline=4.0, baseline_label="raw", ratio=0.5)
    assert Row.from_json(row.to_json()) == row


def test_synthetic_copies_are_varied_but_recognisable() -> None:
    paper = Paper(paper_id="p1", title="Fast Things", label="Fast Things",
                  abstract="First sentence here. Second one follows. Third ends it.")
    copy = _copy_paper(paper, 1)
    assert copy.paper_id == "p1~1" and copy.title == "Fast Things (copy 1)"
    assert copy.abstract == "Second one follows. Third ends it. First sentence here."
    assert _rotate("One sentence only.", 3) == "One sentence only."
    untitled = _copy_paper(paper.model_copy(update={"title": "", "label": "FT"}), 2)
    assert untitled.title == "" and untitled.label == "FT (copy 2)"


def test_fresh_ids_skips_only_per_paper_deletes() -> None:
    import sqlite3

    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE papers (paper_id TEXT)")
    fresh = _FreshIds(db)
    fresh.execute("INSERT INTO papers VALUES (?)", ("a",))
    assert fresh.execute("DELETE FROM papers WHERE paper_id = ?", ("a",)) is None
    assert db.execute("SELECT count(*) FROM papers").fetchone()[0] == 1
    db.close()


def test_peak_rss_of_this_process() -> None:
    assert peak_rss_bytes(os.getpid()) > 10_000_000


def test_bad_sizes_are_refused() -> None:
    result = CliRunner().invoke(app, ["bench", "--sizes", "29,abc"])
    assert result.exit_code != 0 and "--sizes" in result.output
