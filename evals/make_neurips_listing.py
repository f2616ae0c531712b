"""Generate evals/neurips2023_listing.json: listing questions over the NeurIPS 2023 abstracts.

Ground truth per topic: ``must`` = every paper whose *title* matches the topic's regex;
``acceptable`` = papers whose abstract (but not title) matches it, which a good listing may
include. Run from the repository root:

    .venv/bin/python evals/make_neurips_listing.py [CORPUS] [OUT]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "datasets" / "neurips2023-abstracts" / "neurips2023.jsonl"
OUT = Path(__file__).resolve().parent / "neurips2023_listing.json"

# (question, regex over titles and abstracts; case-insensitive)
TOPICS: list[tuple[str, str]] = [
    ("Which papers are about diffusion models?", r"\bdiffusion\b"),
    ("List the papers on graph neural networks.", r"\bgraph neural networks?\b|\bGNNs?\b"),
    ("Which papers study federated learning?", r"\bfederated\b"),
    ("Which papers are about bilevel optimization?", r"\bbi-?level\b"),
    ("Which papers study zeroth-order optimization?",
     r"\bzeroth[- ]order\b|\bzero[- ]order\b|\bderivative[- ]free\b|\bgradient[- ]free\b"),
    ("Which papers use contrastive learning?", r"\bcontrastive\b"),
    ("Which papers are about offline reinforcement learning?",
     r"\boffline (?:deep )?(?:reinforcement learning|RL|multi-agent reinforcement learning)\b"),
    ("Which papers are about transformers?", r"\btransformers?\b"),
    ("Which papers study optimal transport?", r"\boptimal transport\b"),
    ("Which papers are about spiking neural networks?", r"\bspiking\b|\bSNNs?\b"),
    ("Which papers study machine unlearning?", r"\bunlearning\b"),
]


def build(corpus: Path) -> list[dict[str, object]]:
    papers = [json.loads(line) for line in corpus.read_text(encoding="utf-8").splitlines()
              if line.strip()]
    out: list[dict[str, object]] = []
    for question, pattern in TOPICS:
        rx = re.compile(pattern, re.I)
        must = [p["id"] for p in papers if rx.search(p["title"])]
        acceptable = [p["id"] for p in papers
                      if not rx.search(p["title"]) and rx.search(p["abstract"])]
        out.append({"question": question, "must": must, "acceptable": acceptable,
                    "negative": False})
    return out


def main() -> None:
    corpus = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPUS
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else OUT
    questions = build(corpus)
    out.write_text(json.dumps(questions, indent=1) + "\n", encoding="utf-8")
    for q in questions:
        print(f"{len(q['must']):>4} must {len(q['acceptable']):>4} acceptable  {q['question']}")


if __name__ == "__main__":
    main()
