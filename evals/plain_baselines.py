"""Plain baselines on a BEIR directory, to set ``paperchat eval``'s figures against outside ones.

The issue's reference figures for SciFact *test* were taken with plain components: BM25 over
title + abstract in one SQLite FTS5 column (porter), the query's words OR-ed; all-MiniLM-L6-v2
int8 dense (best chunk); their reciprocal-rank fusion (k = 60). This script computes the same
three on any split, over the eval store ``paperchat eval`` caches (built on first use), so the
train split can be compared with the published test figures. Run from the repository root:

    .venv/bin/python evals/plain_baselines.py ../shared/datasets/scifact-train --split train
"""

from __future__ import annotations

import argparse
import re
import sqlite3
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rag.evaluation import evaluate_rankings, load_beir, open_eval_chat  # noqa: E402
from rag.parsers import parse_file  # noqa: E402
from rag.retrieval import rank_fusion  # noqa: E402
from rag.settings import get_settings  # noqa: E402

K = 100


def bm25_rankings(corpus: Path, queries: dict[str, str]) -> dict[str, list[str]]:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE f USING fts5(id UNINDEXED, body, tokenize='porter unicode61')")
    db.executemany("INSERT INTO f VALUES (?, ?)", [(p.paper_id, f"{p.title} {p.abstract}")
                                                   for p in parse_file(corpus).papers])
    out = {}
    for qid, text in queries.items():
        match = " OR ".join(f'"{w}"' for w in re.findall(r"[A-Za-z0-9]+", text.lower()))
        out[qid] = [r[0] for r in db.execute(
            "SELECT id FROM f WHERE f MATCH ? ORDER BY bm25(f) LIMIT ?", (match, K))] if match else []
    return out


def dense_rankings(chat: Any, queries: dict[str, str]) -> dict[str, list[str]]:
    """Plain dense: best-chunk cosine only, no sentence re-scoring (sets ``chat``'s
    ``retrieval.sentence_weight`` to 0)."""
    chat.settings.retrieval = chat.settings.retrieval.model_copy(update={"sentence_weight": 0.0})
    return {q: [h.paper.paper_id for h in chat.search(t, K, mode="dense").hits]
            for q, t in queries.items()}


def fused(*runs: dict[str, list[str]]) -> dict[str, list[str]]:
    """Per query, the ids of all runs by their reciprocal-rank-fusion score (k = 60)."""
    out = {}
    for qid in runs[0]:
        score = rank_fusion([run.get(qid, []) for run in runs])
        out[qid] = sorted(score, key=score.__getitem__, reverse=True)[:K]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--split", default="test")
    args = ap.parse_args()
    data = load_beir(args.dir, args.split)
    settings = get_settings()
    chat = open_eval_chat(settings, [args.dir / "corpus.jsonl"], progress=True)
    dense = dense_rankings(chat, data.queries)
    bm25 = bm25_rankings(args.dir / "corpus.jsonl", data.queries)
    print(f"{args.dir.name} {args.split}: {len(data.queries)} queries")
    print(f"{'plain baseline':<34} {'nDCG@10':>8} {'R@10':>7} {'R@100':>7} {'MRR@10':>7}")
    for name, run in (("BM25 (FTS5, one column, porter)", bm25), ("dense (best chunk)", dense),
                      ("RRF k=60 of the two", fused(bm25, dense))):
        m = evaluate_rankings(run, data.qrels)
        print(f"{name:<34} {m['ndcg@10']:>8.3f} {m['recall@10']:>7.3f} {m['recall@100']:>7.3f} "
              f"{m['mrr@10']:>7.3f}")


if __name__ == "__main__":
    main()
