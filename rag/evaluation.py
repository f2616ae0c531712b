"""Retrieval evaluation: IR metrics, BEIR loading, and the runners behind ``paperchat eval``.

Two kinds of labelled sets are supported.

**BEIR directories** (``paperchat eval DIR``): ``corpus.jsonl``, ``queries.jsonl`` and
``qrels/<split>.tsv`` (tab-separated ``query-id corpus-id score`` with a header line). The corpus
is ingested through the normal ingest path into a scratch store cached under
``<home>/eval-cache/<corpus hash>-<embedding hash>/``, so a second run embeds nothing. Every query
that has qrels runs through :meth:`rag.PaperChat.search` in each mode, and nDCG@10, recall@10,
recall@100 and MRR@10 are reported per mode with milliseconds per query.

**Question files** (``paperchat eval-questions FILE``): a JSON list of objects::

    [
      {"question": "which papers study zeroth-order methods",   # the text asked
       "must": ["nips23-...", "..."],      # paper ids a good answer must list (may be empty)
       "acceptable": ["..."],              # ids that are fine to list but not required (optional)
       "negative": false}                  # true: nothing in the corpus answers it (optional)
    ]

``must`` and ``acceptable`` default to empty lists and ``negative`` to false; a negative question
should have empty ``must``. Reported: recall of the must papers within the listing and within the
top 5 (capped: found / min(5, |must|)), precision of the listing (must + acceptable count as
correct), the rate of refusals on negative questions and of false refusals on the others.

Metric conventions follow BEIR (pytrec_eval): linear gains for nDCG, recall@k divided by the number
of relevant documents, documents with qrels score <= 0 count as not relevant.
"""

from __future__ import annotations

import hashlib
import json
import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rag.chunking import SENTENCE_SPLIT_VERSION
from rag.errors import InputError
from rag.settings import Settings

__all__ = [
    "BeirData", "MODES", "ModeReport", "Question", "QuestionReport", "eval_cache_home",
    "evaluate_rankings", "format_question_report", "format_table", "load_beir", "load_qrels",
    "load_queries", "load_questions", "mrr_at_k", "ndcg_at_k", "open_eval_chat",
    "recall_at_k", "run_beir_eval", "run_question_eval",
]

MODES: tuple[str, ...] = ("dense", "lexical", "hybrid")

Qrels = dict[str, dict[str, int]]  # query id -> {doc id: graded relevance}


# --------------------------------------------------------------------------- metrics

def ndcg_at_k(ranking: Sequence[str], relevant: Mapping[str, int], k: int = 10) -> float:
    """nDCG@k with linear gains (trec_eval's ndcg_cut); 0.0 when nothing is relevant."""
    gains = sorted((g for g in relevant.values() if g > 0), reverse=True)
    if not gains:
        return 0.0
    dcg = sum(relevant.get(doc, 0) / math.log2(i + 2)
              for i, doc in enumerate(ranking[:k]) if relevant.get(doc, 0) > 0)
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(gains[:k]))
    return dcg / idcg


def recall_at_k(ranking: Sequence[str], relevant: Mapping[str, int], k: int) -> float:
    """Share of the relevant documents found in the top k; 0.0 when nothing is relevant."""
    rel = {d for d, g in relevant.items() if g > 0}
    if not rel:
        return 0.0
    return len(rel.intersection(ranking[:k])) / len(rel)


def mrr_at_k(ranking: Sequence[str], relevant: Mapping[str, int], k: int = 10) -> float:
    """1 / rank of the first relevant document within the top k, else 0.0."""
    for i, doc in enumerate(ranking[:k], 1):
        if relevant.get(doc, 0) > 0:
            return 1.0 / i
    return 0.0


METRICS: dict[str, Callable[[Sequence[str], Mapping[str, int]], float]] = {
    "ndcg@10": lambda r, q: ndcg_at_k(r, q, 10),
    "recall@10": lambda r, q: recall_at_k(r, q, 10),
    "recall@100": lambda r, q: recall_at_k(r, q, 100),
    "mrr@10": lambda r, q: mrr_at_k(r, q, 10),
}


def evaluate_rankings(rankings: Mapping[str, Sequence[str]], qrels: Qrels) -> dict[str, float]:
    """Mean of each metric over the queries in ``qrels`` (a missing ranking scores 0)."""
    if not qrels:
        raise InputError("no queries with relevance judgements to evaluate")
    out: dict[str, float] = {}
    for name, fn in METRICS.items():
        out[name] = sum(fn(rankings.get(qid, []), rel) for qid, rel in qrels.items()) / len(qrels)
    return out


# --------------------------------------------------------------------------- BEIR loading

@dataclass
class BeirData:
    root: Path
    split: str
    corpus: Path
    queries: dict[str, str]  # only the queries that have qrels
    qrels: Qrels


def load_queries(path: Path) -> dict[str, str]:
    """``{"_id", "text"}`` lines -> {query id: text}."""
    out: dict[str, str] = {}
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except OSError as exc:
        raise InputError(f"{path}: cannot read queries ({exc.strerror or exc})") from exc
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            out[str(obj["_id"])] = str(obj["text"])
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise InputError(f"{path}:{n}: expected a JSON object with '_id' and 'text'") from exc
    return out


def load_qrels(path: Path) -> Qrels:
    """``query-id <tab> corpus-id <tab> score`` rows (first line a header) -> nested dict."""
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except OSError as exc:
        raise InputError(f"{path}: cannot read qrels ({exc.strerror or exc}); BEIR keeps them "
                         "in DIR/qrels/<split>.tsv") from exc
    out: Qrels = {}
    for n, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        parts = line.split("\t")
        try:
            qid, doc, score = parts[0].strip(), parts[1].strip(), int(float(parts[2]))
        except (IndexError, ValueError) as exc:
            raise InputError(f"{path}:{n}: expected 'query-id<TAB>corpus-id<TAB>score'") from exc
        out.setdefault(qid, {})[doc] = score
    return out


def load_beir(root: Path, split: str = "test") -> BeirData:
    root = Path(root)
    corpus = root / "corpus.jsonl"
    if not corpus.is_file():
        raise InputError(f"{root}: no corpus.jsonl (expected a BEIR directory)")
    queries = load_queries(root / "queries.jsonl")
    qrels_path = root / "qrels" / f"{split}.tsv"
    if not qrels_path.is_file():
        have = sorted(p.stem for p in (root / "qrels").glob("*.tsv"))
        raise InputError(f"{qrels_path}: no such split; available: {', '.join(have) or 'none'} "
                         "(choose one with --split)")
    qrels = {q: rel for q, rel in load_qrels(qrels_path).items()
             if q in queries and any(g > 0 for g in rel.values())}
    if not qrels:
        raise InputError(f"{qrels_path}: no judged query appears in queries.jsonl")
    return BeirData(root, split, corpus, {q: queries[q] for q in qrels}, qrels)


# --------------------------------------------------------------------------- scratch stores

def eval_cache_home(settings: Settings, files: Sequence[Path]) -> Path:
    """Scratch data dir keyed by the files' bytes and everything that shapes the embeddings
    (the sentence splitter's version included: a user's store keeps the sentence vectors its
    papers were ingested with, an evaluation measures a fresh ingest)."""
    data = hashlib.sha1()
    for path in files:
        data.update(hashlib.sha1(Path(path).read_bytes()).digest())
    shape = json.dumps({"embedding": settings.embedding.model_dump(exclude={"threads", "batch_size"}),
                        "chunking": settings.chunking.vector_shape(),
                        "sentences": SENTENCE_SPLIT_VERSION,
                        "store": settings.store.collection}, sort_keys=True)
    key = f"{data.hexdigest()[:16]}-{hashlib.sha1(shape.encode()).hexdigest()[:8]}"
    return Path(settings.home) / "eval-cache" / key


def open_eval_chat(settings: Settings, files: Sequence[Path], *, embedder: Any = None,
                   progress: bool = False) -> Any:
    """A PaperChat over a cached scratch store holding ``files`` (ingested if not yet there)."""
    from rag.pipeline import PaperChat

    home = eval_cache_home(settings, files)
    scratch = settings.model_copy(update={"home": home})
    scratch.store = settings.store.model_copy(update={"mode": "persistent"})
    chat = PaperChat(scratch, embedder=embedder)
    # every time: a store cached by an older parser gets the fields it reads now (the papers
    # whose texts did not change keep their vectors), an interrupted one is completed
    chat.ingest(list(files), progress=progress)
    return chat


# --------------------------------------------------------------------------- BEIR runner

@dataclass
class ModeReport:
    mode: str
    metrics: dict[str, float]
    ms_per_query: float
    ms_p50: float
    queries: int

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["metrics"] = {k: round(v, 4) for k, v in self.metrics.items()}
        out["ms_per_query"] = round(self.ms_per_query, 2)
        out["ms_p50"] = round(self.ms_p50, 2)
        return out


def run_beir_eval(chat: Any, data: BeirData, modes: Sequence[str] = MODES, *, k: int = 100,
                  progress: Callable[[str, int, int], None] | None = None) -> list[ModeReport]:
    """Rank every judged query with ``chat.search(query, k, mode=mode, evidence=False)`` and
    score each mode.

    ``ms`` is search's own ``total_ms`` (embedding, both retrievers, fusion, token re-scoring,
    catalog lookup), the ranking alone: the evidence sentence of each of the k hits, which
    the ranking does not use, would add about 0.25 ms a hit.
    """
    reports = []
    for mode in modes:
        rankings: dict[str, list[str]] = {}
        times: list[float] = []
        for i, (qid, text) in enumerate(data.queries.items()):
            t0 = time.perf_counter()
            result = chat.search(text, k, mode=mode, evidence=False)  # the ranking alone
            times.append(result.timings.get("total_ms", (time.perf_counter() - t0) * 1000))
            rankings[qid] = [h.paper.paper_id for h in result.hits]
            if progress:
                progress(mode, i + 1, len(data.queries))
        reports.append(ModeReport(mode, evaluate_rankings(rankings, data.qrels),
                                  statistics.fmean(times), statistics.median(times), len(times)))
    return reports


def format_table(reports: Sequence[ModeReport]) -> str:
    cols = list(METRICS)
    head = f"{'mode':<9}" + "".join(f"{c:>12}" for c in cols) + f"{'ms/query':>10}{'p50 ms':>9}"
    rows = [head, "-" * len(head)]
    for r in reports:
        rows.append(f"{r.mode:<9}" + "".join(f"{r.metrics[c]:>12.4f}" for c in cols)
                    + f"{r.ms_per_query:>10.1f}{r.ms_p50:>9.1f}")
    return "\n".join(rows)


# --------------------------------------------------------------------------- question sets

class Question(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(min_length=1)
    must: list[str] = Field(default_factory=list)
    acceptable: list[str] = Field(default_factory=list)
    negative: bool = False


def load_questions(path: Path) -> list[Question]:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from exc
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: invalid JSON at line {exc.lineno}: {exc.msg}") from exc
    if isinstance(raw, dict) and isinstance(raw.get("questions"), list):
        raw = raw["questions"]
    if not isinstance(raw, list) or not raw:
        raise InputError(f"{path}: expected a non-empty JSON list of questions")
    out = []
    for n, obj in enumerate(raw, 1):
        try:
            out.append(Question.model_validate(obj))
        except ValidationError as exc:
            err = exc.errors()[0]
            raise InputError(f"{path}: question {n}: {'.'.join(map(str, err['loc']))}: "
                             f"{err['msg']}") from exc
    return out


def _listing(chat: Any, question: str, *, k: int | None = None) -> tuple[list[str], bool]:
    """The paper ids an answer to ``question`` lists (every paper above the answering module's
    relevance cut, metadata questions through their filters), and whether it refuses.
    ``k`` is the search depth the cut starts from (``rag.answer.LISTING_DEPTH`` at least), not
    a cap on the listing."""
    answerer = chat.answerer()
    hits = answerer.relevant(answerer.plan(question, None, None), k)
    return [h.paper.paper_id for h in hits], not hits


def _answer_listing(chat: Any, question: str) -> tuple[list[str], bool, Any]:
    """Like :func:`_listing`, through a full generated answer (the real LLM)."""
    answer = chat.ask(question)
    return [p["paper_id"] for p in answer.papers], answer.refused, answer


@dataclass
class QuestionResult:
    question: str
    negative: bool
    listed: list[str]
    refused: bool
    recall: float | None      # must papers found in the listing (None: no must papers)
    recall_top5: float | None  # found in the first 5 / min(5, |must|)
    precision: float | None   # correct share of the listing (None: empty listing)
    precision_top10: float | None = None  # correct share of its first 10 (what is read first)
    citations_valid: bool | None = None  # --answer: every marker names a listed paper
    must_cited: float | None = None      # --answer: share of must papers the answer cites


@dataclass
class QuestionReport:
    results: list[QuestionResult] = field(default_factory=list)
    ms_per_question: float = 0.0

    def _mean(self, values: list[float | None]) -> float | None:
        vals = [v for v in values if v is not None]
        return statistics.fmean(vals) if vals else None

    def summary(self) -> dict[str, float | int | None]:
        pos = [r for r in self.results if not r.negative]
        neg = [r for r in self.results if r.negative]
        return {
            "questions": len(self.results), "negative": len(neg),
            "recall_listing": self._mean([r.recall for r in pos]),
            "recall_top5": self._mean([r.recall_top5 for r in pos]),
            "precision_listing": self._mean([r.precision for r in pos]),
            "precision_top10": self._mean([r.precision_top10 for r in pos]),
            "refusal_rate_negative": (sum(r.refused for r in neg) / len(neg)) if neg else None,
            "false_refusal_rate": (sum(r.refused for r in pos) / len(pos)) if pos else None,
            "mean_listing_size": self._mean([float(len(r.listed)) for r in self.results]),
            "citation_validity": self._mean([float(r.citations_valid) for r in self.results
                                             if r.citations_valid is not None]),
            "must_cited": self._mean([r.must_cited for r in pos]),
            "ms_per_question": round(self.ms_per_question, 2),
        }

    def to_json(self) -> dict[str, Any]:
        return {"summary": self.summary(), "questions": [asdict(r) for r in self.results]}


def score_question(q: Question, listed: Sequence[str], refused: bool) -> QuestionResult:
    must, ok = set(q.must), set(q.must) | set(q.acceptable)
    recall = len(must.intersection(listed)) / len(must) if must else None
    top5 = (len(must.intersection(listed[:5])) / min(5, len(must))) if must else None
    precision = sum(p in ok for p in listed) / len(listed) if listed else None
    first = listed[:10]
    top10 = sum(p in ok for p in first) / len(first) if first else None
    return QuestionResult(q.question, q.negative, list(listed), refused, recall, top5, precision,
                          top10)


def score_answer(result: QuestionResult, q: Question, answer: Any) -> QuestionResult:
    """Add citation validity and must-paper citation to a listing result."""
    from rag.citations import parse_markers

    ids = [p["paper_id"] for p in answer.papers]
    numbers = parse_markers(answer.answer)
    result.citations_valid = (not answer.invalid_citations
                              and all(1 <= n <= len(ids) for n in numbers)
                              and all(c.paper_id in ids for c in answer.citations))
    cited = {c.paper_id for c in answer.citations}
    result.must_cited = len(cited & set(q.must)) / len(q.must) if q.must else None
    return result


def run_question_eval(chat: Any, questions: Sequence[Question],
                      listing: Callable[[Any, str], tuple[list[str], bool]] = _listing,
                      *, with_answers: bool = False) -> QuestionReport:
    """Score each question's listing; with ``with_answers``, through full generated answers."""
    report = QuestionReport()
    t0 = time.perf_counter()
    for q in questions:
        if with_answers:
            listed, refused, answer = _answer_listing(chat, q.question)
            report.results.append(score_answer(score_question(q, listed, refused), q, answer))
            continue
        listed, refused = listing(chat, q.question)
        report.results.append(score_question(q, listed, refused))
    report.ms_per_question = (time.perf_counter() - t0) * 1000 / max(1, len(questions))
    return report


def format_question_report(report: QuestionReport) -> str:
    s = report.summary()

    def f(v: Any) -> str:
        return "n/a" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))

    lines = [f"{k:<24}{f(v)}" for k, v in s.items()]
    misses = [r for r in report.results if (r.recall is not None and r.recall < 1.0)
              or (r.negative and not r.refused)]
    if misses:
        lines.append("")
        lines.append("imperfect:")
        for r in misses:
            what = "not refused" if r.negative else f"recall {r.recall:.2f}"
            lines.append(f"  - {r.question}  ({what})")
    return "\n".join(lines)
