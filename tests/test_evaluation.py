"""Metrics against hand-computed values, BEIR/question loading, and `paperchat eval` end to end."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rag.chunking import SENTENCE_SPLIT_VERSION
from rag.errors import InputError
from rag.evaluation import (
    Question,
    eval_cache_home,
    evaluate_rankings,
    load_beir,
    load_qrels,
    load_questions,
    mrr_at_k,
    ndcg_at_k,
    recall_at_k,
    run_question_eval,
    score_question,
)
from rag.settings import get_settings

# --------------------------------------------------------------------------- metrics


def test_ndcg_binary_hand_computed() -> None:
    # relevant at ranks 2 and 4: DCG = 1/log2(3) + 1/log2(5); ideal = 1 + 1/log2(3)
    got = ndcg_at_k(["a", "b", "c", "d"], {"b": 1, "d": 1}, 10)
    want = (1 / math.log2(3) + 1 / math.log2(5)) / (1 + 1 / math.log2(3))
    assert got == pytest.approx(want)
    assert got == pytest.approx(0.650921, abs=1e-6)


def test_ndcg_graded_linear_gain() -> None:
    # gains 1 at rank 1 and 2 at rank 2; ideal puts the 2 first
    got = ndcg_at_k(["c", "a"], {"a": 2, "c": 1}, 10)
    assert got == pytest.approx((1 + 2 / math.log2(3)) / (2 + 1 / math.log2(3)))
    assert got == pytest.approx(0.859719, abs=1e-6)


def test_ndcg_cutoff_and_edge_cases() -> None:
    assert ndcg_at_k(["x", "a"], {"a": 1}, 1) == 0.0          # beyond the cut-off
    assert ndcg_at_k(["a", "x"], {"a": 1}, 10) == pytest.approx(1.0)
    assert ndcg_at_k(["a"], {"a": 0}, 10) == 0.0              # score 0 is not relevant
    assert ndcg_at_k([], {"a": 1}, 10) == 0.0
    # ideal DCG is cut at k too: 3 relevant, k=2, both slots filled -> 1.0
    assert ndcg_at_k(["a", "b"], {"a": 1, "b": 1, "c": 1}, 2) == pytest.approx(1.0)


def test_recall_hand_computed() -> None:
    ranking = ["a", "b", "c"]
    assert recall_at_k(ranking, {"a": 1, "x": 1}, 2) == pytest.approx(0.5)
    assert recall_at_k(ranking, {"b": 1, "c": 1}, 2) == pytest.approx(0.5)
    assert recall_at_k(ranking, {"b": 1, "c": 1}, 3) == pytest.approx(1.0)
    assert recall_at_k(ranking, {"c": 1, "z": 0}, 3) == pytest.approx(1.0)  # z not relevant


def test_mrr_hand_computed() -> None:
    assert mrr_at_k(["x", "y", "a", "b"], {"a": 1, "b": 1}, 10) == pytest.approx(1 / 3)
    assert mrr_at_k(["a"], {"a": 1}, 10) == pytest.approx(1.0)
    ranking = [f"x{i}" for i in range(10)] + ["a"]
    assert mrr_at_k(ranking, {"a": 1}, 10) == 0.0  # rank 11 is past the cut-off


def test_evaluate_rankings_averages_over_judged_queries() -> None:
    qrels = {"q1": {"a": 1}, "q2": {"b": 1}}
    out = evaluate_rankings({"q1": ["a"], "q2": ["x", "b"]}, qrels)
    assert out["mrr@10"] == pytest.approx((1 + 0.5) / 2)
    assert out["recall@10"] == pytest.approx(1.0)
    assert out["ndcg@10"] == pytest.approx((1 + 1 / math.log2(3)) / 2)
    # a query without a ranking counts as a miss
    assert evaluate_rankings({"q1": ["a"]}, qrels)["recall@100"] == pytest.approx(0.5)


# --------------------------------------------------------------------------- loading

TOPICS = [
    "coral reef bleaching", "malaria vaccine trials", "graphene battery anodes",
    "honeybee colony collapse", "quantum error correction", "glacier melt rates",
    "insulin resistance in mice", "volcanic ash aviation", "antibiotic resistant tuberculosis",
    "solar flare forecasting", "wheat rust fungus", "deep sea hydrothermal vents",
    "childhood asthma triggers", "lithium brine extraction", "tidal energy turbines",
    "migraine and serotonin", "permafrost methane release", "dolphin echolocation",
    "microplastics in rivers", "Alzheimer amyloid plaques", "wind turbine noise",
    "sleep deprivation memory", "desert locust swarms", "hepatitis C antivirals",
    "earthquake early warning", "zebrafish heart regeneration", "urban heat islands",
    "telomere length aging", "sickle cell gene therapy", "mangrove carbon storage",
]


def write_beir(root: Path, n_queries: int = 12) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "qrels").mkdir(exist_ok=True)
    with (root / "corpus.jsonl").open("w") as f:
        for i, topic in enumerate(TOPICS):
            f.write(json.dumps({
                "_id": f"d{i}", "title": f"A study of {topic}",
                "text": f"We report new measurements on {topic}. Our results on {topic} show "
                        f"clear effects and we discuss what {topic} means for future work.",
                "metadata": {}}) + "\n")
    with (root / "queries.jsonl").open("w") as f:
        for i, topic in enumerate(TOPICS[:n_queries]):
            f.write(json.dumps({"_id": f"q{i}", "text": f"new findings about {topic}"}) + "\n")
        f.write(json.dumps({"_id": "unjudged", "text": "nothing judged here"}) + "\n")
    rows = ["query-id\tcorpus-id\tscore"]
    rows += [f"q{i}\td{i}\t1" for i in range(n_queries)]
    rows += ["q0\td29\t0", "ghost\td1\t1"]  # score 0 is not relevant; unknown query ignored
    (root / "qrels" / "test.tsv").write_text("\n".join(rows) + "\n")
    return root


def test_load_qrels_skips_header_and_keeps_scores(tmp_path: Path) -> None:
    path = tmp_path / "q.tsv"
    path.write_text("query-id\tcorpus-id\tscore\n1\t10\t1\n1\t11\t2\n2\t10\t0\n")
    assert load_qrels(path) == {"1": {"10": 1, "11": 2}, "2": {"10": 0}}


def test_load_qrels_names_a_bad_row(tmp_path: Path) -> None:
    path = tmp_path / "q.tsv"
    path.write_text("query-id\tcorpus-id\tscore\n1\t10\n")
    with pytest.raises(InputError, match=r"q\.tsv:2"):
        load_qrels(path)


def test_load_beir_keeps_only_judged_queries(tmp_path: Path) -> None:
    data = load_beir(write_beir(tmp_path / "beir", n_queries=5), "test")
    assert set(data.queries) == {f"q{i}" for i in range(5)}
    assert data.queries["q3"] == f"new findings about {TOPICS[3]}"
    assert data.qrels["q0"] == {"d0": 1, "d29": 0}
    assert "ghost" not in data.qrels and "unjudged" not in data.queries


def test_load_beir_missing_split_says_which_exist(tmp_path: Path) -> None:
    root = write_beir(tmp_path / "beir")
    with pytest.raises(InputError, match="available: test"):
        load_beir(root, "train")


def test_eval_cache_home_keyed_by_content_and_embedding(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("same\n")
    b.write_text("same\n")
    s = get_settings(home=tmp_path / "home")
    assert eval_cache_home(s, [a]) == eval_cache_home(s, [b])
    assert eval_cache_home(s, [a]).parent == tmp_path / "home" / "eval-cache"
    b.write_text("other\n")
    assert eval_cache_home(s, [a]) != eval_cache_home(s, [b])
    s2 = get_settings(home=tmp_path / "home", embedding={"max_tokens": 128})
    assert eval_cache_home(s, [a]) != eval_cache_home(s2, [a])
    s3 = get_settings(home=tmp_path / "home", embedding={"threads": 1})  # speed only
    assert eval_cache_home(s, [a]) == eval_cache_home(s3, [a])
    before = eval_cache_home(s, [a])
    monkeypatch.setattr("rag.evaluation.SENTENCE_SPLIT_VERSION", SENTENCE_SPLIT_VERSION + 1)
    assert eval_cache_home(s, [a]) != before  # other sentence vectors


# --------------------------------------------------------------------------- questions


def test_load_questions_validates(tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    path.write_text(json.dumps([{"question": "x", "must": ["a"]},
                                {"question": "y", "negative": True}]))
    qs = load_questions(path)
    assert qs[0].must == ["a"] and qs[0].acceptable == [] and qs[1].negative
    path.write_text(json.dumps([{"question": "x", "must": "a"}]))
    with pytest.raises(InputError, match="question 1: must"):
        load_questions(path)


def test_score_question_hand_computed() -> None:
    q = Question(question="q", must=["a", "b", "c"], acceptable=["d"])
    r = score_question(q, ["x", "a", "d", "y", "z", "b"], refused=False)
    assert r.recall == pytest.approx(2 / 3)
    assert r.recall_top5 == pytest.approx(1 / 3)   # only "a" in the first 5 of min(5, 3)
    assert r.precision == pytest.approx(3 / 6)     # a, d, b correct
    assert r.precision_top10 == pytest.approx(3 / 6)  # all six are in the first 10
    many = score_question(q, ["a", "b"] + [f"x{i}" for i in range(9)] + ["c"], refused=False)
    assert many.precision_top10 == pytest.approx(2 / 10) and many.precision == pytest.approx(3 / 12)
    neg = score_question(Question(question="n", negative=True), [], refused=True)
    assert neg.recall is None and neg.precision is None and neg.refused


def test_run_question_eval_summary_with_a_fake_listing() -> None:
    qs = [Question(question="one", must=["a"]), Question(question="two", must=["b", "c"]),
          Question(question="none", negative=True), Question(question="none2", negative=True)]
    answers = {"one": (["a"], False), "two": (["c", "x"], False), "none": ([], True),
               "none2": (["q"], False)}
    report = run_question_eval(None, qs, listing=lambda chat, q: answers[q])
    s = report.summary()
    assert s["recall_listing"] == pytest.approx((1 + 0.5) / 2)
    assert s["precision_listing"] == pytest.approx((1 + 0.5) / 2)
    assert s["refusal_rate_negative"] == pytest.approx(0.5)
    assert s["false_refusal_rate"] == 0.0


# --------------------------------------------------------------------------- end to end

ROW = re.compile(r"^(dense|lexical|hybrid)\s+([0-9.]+)\s+([0-9.]+)\s+([0-9.]+)\s+([0-9.]+)\s+"
                 r"([0-9.]+)\s+([0-9.]+)\s*$", re.M)


@pytest.mark.slow
def test_paperchat_eval_end_to_end_real_embedder(tmp_path: Path, isolated_home: Path) -> None:
    from rag.cli import app

    root = write_beir(tmp_path / "tiny")
    runner = CliRunner()
    result = runner.invoke(app, ["eval", str(root), "--split", "test"])
    assert result.exit_code == 0, result.output
    rows = {m.group(1): [float(v) for v in m.groups()[1:]] for m in ROW.finditer(result.output)}
    assert set(rows) == {"dense", "lexical", "hybrid"}, result.output
    for mode, values in rows.items():
        assert all(0.0 <= v <= 1.0 for v in values[:4]), (mode, values)
        assert values[4] > 0.0  # ms per query
    # the queries name their document's topic: every mode must do well on this set
    assert rows["hybrid"][0] >= 0.9 and rows["lexical"][0] >= 0.9, result.output
    cache = list((isolated_home / "eval-cache").iterdir())
    assert len(cache) == 1

    # second run: cached store, no embedding of the corpus again; JSON has the same figures
    again = runner.invoke(app, ["eval", str(root), "--split", "test", "--json"])
    assert again.exit_code == 0, again.output
    data = json.loads(again.output)
    assert data["queries"] == 12 and [m["mode"] for m in data["modes"]] == list(rows)
    for m in data["modes"]:
        assert m["metrics"]["ndcg@10"] == pytest.approx(rows[m["mode"]][0], abs=1e-4)
    assert list((isolated_home / "eval-cache").iterdir()) == cache


# --------------------------------------------------------------------------- fusion tuned here


def test_score_fusion_hand_computed() -> None:
    from rag.retrieval import score_fusion

    fused = score_fusion({"a": 0.9, "b": 0.5}, {"b": 10.0, "c": 5.0, "d": 2.0},
                         {"a": 0.9, "b": 0.5, "c": 0.7}, 0.6)
    # cosine min-max over candidates with a known cosine (0.5..0.9), BM25 / 10
    assert fused["a"] == pytest.approx(0.6 * 1.0)
    assert fused["b"] == pytest.approx(0.4 * 1.0)
    assert fused["c"] == pytest.approx(0.6 * 0.5 + 0.4 * 0.5)
    assert fused["d"] == pytest.approx(0.4 * 0.2)  # unknown cosine counts as the minimum
    assert score_fusion({}, {}, {}, 0.6) == {}


def _jsonl(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_hybrid_score_fusion_scores_lexical_only_hits(fast_chat, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [{"id": f"p{i}", "title": f"Paper {i} on {TOPICS[i]}",
             "abstract": f"We study {TOPICS[i]} in depth. The results on {TOPICS[i]} are new."}
            for i in range(12)]
    fast_chat.ingest([_jsonl(tmp_path / "c.jsonl", rows)], progress=False)
    res = fast_chat.search("glacier melt rates", k=12)
    assert res.hits[0].paper.paper_id == "p5" and "dense_fill_ms" in res.timings
    assert "glacier melt rates" in res.hits[0].evidence
    bare = fast_chat.search("glacier melt rates", k=12, evidence=False)  # as the eval ranks
    assert [h.paper.paper_id for h in bare.hits] == [h.paper.paper_id for h in res.hits]
    assert all(h.evidence == "" for h in bare.hits)
    # the dense list misses everything: lexical-only papers still get their exact cosine
    store = fast_chat.vectors
    real_query = store.query
    monkeypatch.setattr(store, "query", lambda vec, n, ids=None: real_query(vec, n, ids)
                        if ids is not None else [])
    res = fast_chat.search("glacier melt rates", k=12)
    assert res.hits[0].paper.paper_id == "p5"
    assert res.hits and all(h.similarity is not None and h.dense_rank is None for h in res.hits)
    assert res.hits[0].similarity > 0.5
    # a store that scores papers directly is asked for exactly the lexical-only papers
    asked: list[list[str]] = []

    def similarities(vec, ids):  # type: ignore[no-untyped-def]
        asked.append(list(ids))
        return {pid: 0.1 for pid in ids}

    monkeypatch.setattr(store, "similarities", similarities, raising=False)
    res = fast_chat.search("glacier melt rates", k=12)
    assert asked == [[h.paper.paper_id for h in res.hits if h.lexical_rank is not None]]
    assert all(h.similarity == pytest.approx(0.1) for h in res.hits)
    # rrf fusion does not look anything up
    retriever = fast_chat.retriever
    retriever.settings = retriever.settings.model_copy(update={"fusion": "rrf"})
    assert "dense_fill_ms" not in retriever.search("glacier melt rates", 12).timings


def test_rank_fusion_weights_and_ranks() -> None:
    from rag.retrieval import rank_fusion

    fused = rank_fusion([["a", "b"], ["b", "c"]], [1.0, 0.5], k=1)
    assert fused == pytest.approx({"a": 1 / 2, "b": 1 / 3 + 0.5 / 2, "c": 0.5 / 3})
    assert rank_fusion([["a"], ["b"]], [1.0, 0.0])["b"] == 0.0  # weight 0: listed, scores 0
    with pytest.raises(ValueError):
        rank_fusion([["a"]], [1.0, 1.0])
