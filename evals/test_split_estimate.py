"""What the app's hybrid search is likely to score on a held-out split, from its own queries.

The issue quotes the plain baselines on SciFact *test* (BM25 0.681, dense 0.649, their RRF
0.719), which the team holds. This script computes, on a split we have, the per-query nDCG@10
of those plain baselines (as ``evals/plain_baselines.py``) and of the app's hybrid search (as
configured: presets and ``PAPERCHAT_*`` apply), then draws many random query sets of the
held-out split's size and regresses the app's mean on the baselines' means. Plugging in the
quoted test figures gives an estimate, with the residual spread, of the app's test figure: where
a held-out set is harder for the baselines, it is likely harder for the app too. Run from the
repository root:

    .venv/bin/python evals/test_split_estimate.py ../shared/datasets/scifact-train --split train
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from plain_baselines import K, bm25_rankings, dense_rankings, fused  # noqa: E402

from rag.evaluation import load_beir, ndcg_at_k, open_eval_chat  # noqa: E402
from rag.settings import get_settings  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--split", default="train")
    ap.add_argument("--config", default=None, help="settings preset for the app's search")
    ap.add_argument("--size", type=int, default=300, help="queries in the held-out split")
    ap.add_argument("--bm25", type=float, default=0.681, help="plain BM25 on the held-out split")
    ap.add_argument("--dense", type=float, default=0.649, help="plain dense on the held-out split")
    ap.add_argument("--rrf", type=float, default=0.719, help="their RRF on the held-out split")
    ap.add_argument("--target", type=float, default=0.74)
    ap.add_argument("--draws", type=int, default=20000)
    args = ap.parse_args()
    data = load_beir(args.dir, args.split)
    chat = open_eval_chat(get_settings(args.config), [args.dir / "corpus.jsonl"], progress=True)
    app = {q: [h.paper.paper_id for h in chat.search(t, K).hits] for q, t in data.queries.items()}
    dense = dense_rankings(chat, data.queries)  # after the app's run: it changes chat.settings
    bm25 = bm25_rankings(args.dir / "corpus.jsonl", data.queries)
    runs = {"app": app, "bm25": bm25, "dense": dense, "rrf": fused(bm25, dense)}
    qids = sorted(data.qrels)
    per_query = {name: np.array([ndcg_at_k(run.get(q, []), data.qrels[q]) for q in qids])
                 for name, run in runs.items()}
    draws = np.random.default_rng(0).integers(0, len(qids), size=(args.draws, args.size))
    means = {name: v[draws].mean(axis=1) for name, v in per_query.items()}
    held_out = {"bm25": args.bm25, "dense": args.dense, "rrf": args.rrf}

    print(f"{args.dir.name} {args.split}: {len(qids)} queries; means "
          + ", ".join(f"{n} {v.mean():.3f}" for n, v in per_query.items()))
    print(f"{args.draws} draws of {args.size} queries: sd of the app's mean "
          f"{means['app'].std():.4f}, of app minus rrf {(means['app'] - means['rrf']).std():.4f}")
    print(f"{'regressed on':<22} {'estimate':>9} {'resid sd':>9} {'P(>=' + str(args.target) + ')':>10}")
    for feats in (["rrf"], ["bm25", "dense"], ["bm25", "dense", "rrf"]):
        x = np.column_stack([np.ones(args.draws)] + [means[f] for f in feats])
        beta, *_ = np.linalg.lstsq(x, means["app"], rcond=None)
        sd = float((means["app"] - x @ beta).std())
        est = float(np.array([1.0] + [held_out[f] for f in feats]) @ beta)
        p = 0.5 * (1 + math.erf((est - args.target) / (sd * math.sqrt(2))))
        print(f"{' + '.join(feats):<22} {est:>9.3f} {sd:>9.4f} {p:>10.2f}")


if __name__ == "__main__":
    main()
