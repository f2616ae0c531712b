"""Answering logic with the real embedder and Chroma on the seed papers, and a scripted LLM."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest

from rag import PaperChat, prompts
from rag.answer import (
    REASON_CHARS,
    Answer,
    Answerer,
    Conversation,
    DoneEvent,
    PapersEvent,
    TokenEvent,
    _checked,
    _searched,
    _two_parts,
    _where,
)
from rag.institutions import institutions_of
from rag.prompts import CANNOT_ANSWER_PHRASE
from rag.questions import (
    _WHAT_ARE_THE,
    Plan,
    Turn,
    _fact_asked,
    _last_asked,
    _named_of,
    _names_joined,
    _pick_first,
    named_aspect,
    shown_topic,
)
from rag.retrieval import Filters, Retriever, split_sentences
from rag.types import Paper
from tests.conftest import ScriptedLLM

ZO = "Which papers study zeroth-order methods?"


@pytest.fixture
def chat(seed_chat: PaperChat, scripted_llm: ScriptedLLM) -> PaperChat:
    seed_chat._llm = scripted_llm  # the scripted model for this test
    return seed_chat


def _zo_ids(chat: PaperChat) -> set[str]:
    return {p.paper_id for p in chat.index.all_papers() if "zeroth-order" in p.abstract.lower()}


def test_papers_come_before_any_token(chat: PaperChat, scripted_llm: ScriptedLLM) -> None:
    events = list(chat.ask_stream(ZO))
    assert isinstance(events[0], PapersEvent)
    assert isinstance(events[-1], DoneEvent)
    assert all(isinstance(e, TokenEvent) for e in events[1:-1]) and len(events) > 2
    assert {h.paper.paper_id for h in events[0].hits} == _zo_ids(chat)


def test_listing_cites_every_listed_paper(chat: PaperChat, scripted_llm: ScriptedLLM) -> None:
    scripted_llm.enqueue(["SZO restricts zeroth-order perturbations to a subspace."])
    a = chat.ask(ZO)
    assert a.kind == "listing" and a.count == 2 and not a.refused
    assert {c.paper_id for c in a.citations} == _zo_ids(chat)
    assert a.invalid_citations == [] and a.unsupported_sentences == []
    assert a.answer.splitlines()[0].startswith("2 papers")


def test_generated_invalid_text_falls_back_to_evidence(chat: PaperChat,
                                                       scripted_llm: ScriptedLLM) -> None:
    scripted_llm.enqueue(["[1] - [2] - [3] - [4] - [5] - [6] - [7] - [40]",
                          "A paper titled Foo was published in 2018 at Berkeley University."])
    a = chat.ask(ZO)
    assert a.fallbacks == 2
    assert "[40]" not in a.answer and "Berkeley" not in a.answer
    for hit, line in zip(a.papers, a.answer.splitlines()[1:]):
        assert hit["evidence"].rstrip(".")[:60] in line


def test_refusal_never_calls_the_model(chat: PaperChat, scripted_llm: ScriptedLLM) -> None:
    a = chat.ask("protein structure prediction with AlphaFold")
    assert a.refused and a.citations == [] and a.papers == []
    assert a.answer.startswith(CANNOT_ANSWER_PHRASE)
    assert scripted_llm.calls == []


def test_summary_uses_grammar_and_valid_numbers(chat: PaperChat,
                                                scripted_llm: ScriptedLLM) -> None:
    a = chat.ask("Summarize the papers on bilevel optimization, with citations")
    assert a.kind == "summary" and not a.refused
    assert scripted_llm.calls and all(call["grammar"] for call in scripted_llm.calls)
    bilevel = {p.paper_id for p in chat.index.all_papers()
               if "bilevel" in p.abstract.lower() or "bi-level" in p.abstract.lower()}
    assert {c.paper_id for c in a.citations} == bilevel
    assert a.unsupported_sentences == []


def test_summary_says_how_many_papers_it_leaves_out(chat: PaperChat,
                                                   scripted_llm: ScriptedLLM) -> None:
    """A summary drawing on fewer papers than match starts with their count; one covering
    every match, or the previous answer's papers, does not."""
    question = "Summarize the papers on bilevel optimization, with citations"
    everything = chat.ask(question)
    assert everything.count > 1 and len(everything.citations) == everything.count
    assert "match" not in everything.answer.splitlines()[0]
    chat.settings.llm.summary_sources = 1
    try:
        a = chat.ask(question)
    finally:
        chat.settings.llm.summary_sources = 4
    assert a.answer.splitlines()[0] == (
        f"{a.count} papers in the indexed abstracts match \u201cbilevel optimization\u201d; "
        f"from the 1 closest (all {a.count} are in the list of papers):")
    assert [c.marker for c in a.citations] == ["[1]"] and a.unsupported_sentences == []


def test_synthesis_strategy_validates_markers(chat: PaperChat, scripted_llm: ScriptedLLM) -> None:
    chat.settings.llm.strategy = "synthesis"
    try:
        scripted_llm.enqueue([("Lower bounds for bilevel problems are proven [1]. "
                               "Preferences are learned bilevel-style [2]. Made up [9].")])
        a = chat.ask("Summarize the papers on bilevel optimization")
    finally:
        chat.settings.llm.strategy = "auto"
    assert a.invalid_citations == ["[9]"] and "[9]" not in a.answer
    assert len(a.citations) == 2 and scripted_llm.calls[0]["grammar"]
    assert '"3"' not in str(scripted_llm.calls[0]["grammar"])  # only 2 sources


def test_author_question_uses_metadata(chat: PaperChat) -> None:
    a = chat.ask("What did Kaiyi Ji work on?")
    assert a.kind == "metadata" and a.count == 1
    assert a.papers[0]["authors"] == ["Kaiyi Ji"]


def test_follow_up_narrows_previous_results(chat: PaperChat) -> None:
    conv = Conversation()
    first = chat.ask("Which papers are about optimization?", conv)
    assert first.count >= 4
    second = chat.ask("Of those, which are about zeroth-order methods?", conv)
    prev = {p["paper_id"] for p in first.papers}
    now = {p["paper_id"] for p in second.papers}
    assert now and now <= prev and now == _zo_ids(chat) & prev
    assert len(conv.turns) == 2
    assert second.answer.splitlines()[0] == (
        f"{len(now)} papers of the {first.count} from the previous answer match \u201czeroth-order"
        " methods\u201d:")


def test_pronoun_follow_up_is_made_standalone(chat: PaperChat) -> None:
    conv = Conversation()
    chat.ask("Which papers study bilevel optimization?", conv)
    a = chat.ask("What lower bounds do they prove?", conv)
    assert "bilevel" in a.standalone_query.lower()
    # "their" after the question's own topic names its own papers: no follow-up
    a = chat.ask("Which papers study zeroth-order methods and their convergence rates?", conv)
    assert "bilevel" not in a.standalone_query.lower()
    a = chat.ask("Which papers study their convergence rates?", conv)  # of those before
    assert "zeroth-order" in a.standalone_query.lower()


def test_they_are_the_papers_of_the_previous_answer(chat: PaperChat) -> None:
    """"What do they propose?" summarises the papers just listed, not a new search for the
    topic's words; with no papers before, it searches."""
    conv = Conversation()
    chat.ask("Which papers are about optimization?", conv)
    narrowed = chat.ask("Of those, which are about zeroth-order methods?", conv)
    assert narrowed.count == 2
    a = chat.ask("What do they propose?", conv)
    assert a.kind == "summary" and a.count == 2
    assert {p["paper_id"] for p in a.papers} == _zo_ids(chat)
    conv = Conversation()
    assert chat.ask("Which papers study protein folding?", conv).refused
    again = chat.ask("What do they propose?", conv)
    assert again.refused and "protein folding" in again.standalone_query


def test_bracketed_numbers_in_abstracts_never_become_citations(
        fast_chat: PaperChat, scripted_llm: ScriptedLLM, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    from rag.citations import parse_markers

    rec = {"id": "b1", "title": "Graph coloring [7] revisited",
           "abstract": "Graph coloring heuristics of Ito [2021] and Computer Vision [1] models "
                       "are compared for graph coloring. We bound it in $[0, 1]$ for graph coloring."}
    path = tmp_path / "b.jsonl"
    path.write_text(json.dumps(rec) + "\n")
    fast_chat.ingest([path], progress=False)
    fast_chat._llm = scripted_llm
    scripted_llm.enqueue(["A paper titled Foo was published in 2018 at Berkeley University."])
    a = fast_chat.ask("Which papers study graph coloring?")
    assert a.count == 1
    outside_math = a.answer.replace("$[0, 1]$", "")
    assert parse_markers(outside_math) == [1]
    assert "[2021]" not in a.answer and "[7]" not in a.answer


def test_author_follow_up_keeps_the_author(chat: PaperChat) -> None:
    conv = Conversation()
    chat.ask("What did Kaiyi Ji work on?", conv)
    a = chat.ask("Which lower bounds do they prove?", conv)  # of the last answer's papers
    assert a.kind == "summary" and [p["authors"] for p in a.papers] == [["Kaiyi Ji"]]


def test_author_match_is_exact(fast_chat: PaperChat, scripted_llm: ScriptedLLM, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    recs = [{"id": "a2", "title": "Two", "authors": ["Yang Liu"], "abstract": "Delta eps zeta."},
            {"id": "a1", "title": "One", "authors": ["Yang Li"], "abstract": "Alpha beta gamma."}]
    path = tmp_path / "a.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in recs))
    fast_chat.ingest([path], progress=False)
    fast_chat._llm = scripted_llm
    a = fast_chat.ask("What did Yang Li work on?")
    assert [p["paper_id"] for p in a.papers] == ["a1"]


@pytest.mark.parametrize(("query", "spellings"), [
    ("which papers study zeroth-order methods", ("zeroth-order",)),
    ("bilevel optimization", ("bilevel", "bi-level")),
])
def test_search_puts_the_obviously_relevant_papers_first(seed_chat: PaperChat, query: str,
                                                          spellings: tuple[str, ...]) -> None:
    want = {p.paper_id for p in seed_chat.index.all_papers()
            if any(word in p.abstract.lower() for word in spellings)}
    assert len(want) == 2
    top = [h.paper.paper_id for h in seed_chat.search(query, k=5).hits]
    assert set(top[:2]) == want, top


def test_relevance_cut(fast_chat: PaperChat) -> None:
    """Which (coverage of the query's terms, best cosine) pairs a listing keeps."""
    fast_chat.settings.retrieval.min_similarity = 0.30
    answerer = fast_chat.answerer()

    def keep(cov: float, sim: float | None, together: bool = True) -> bool:
        return answerer._is_relevant(cov, sim, together=together)

    assert keep(1.0, None) and keep(1.0, 0.0)                 # every term, as the topic
    assert keep(1.0, 0.21, False) and not keep(1.0, 0.19, False)  # terms apart: meaning not far
    assert keep(0.8, 0.21) and not keep(0.8, 0.19)            # all but the common ones: the same
    assert not keep(0.5, 0.3) and keep(0.5, 0.4)              # some terms: a close meaning too
    assert keep(0.0, 0.55) and not keep(0.0, 0.45)            # meaning alone: very close
    # monotonic: naming more of the terms never needs a closer meaning
    for sim in (0.1, 0.15, 0.19, 0.21, 0.3, 0.45):
        kept = [keep(c / 20, sim, False) for c in range(21)]
        assert kept == sorted(kept), (sim, kept)


def _ingest_rows(chat: PaperChat, path: Path, rows: list[dict[str, str]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    chat.ingest([path], progress=False)


def _listed(chat: PaperChat, question: str) -> list[str]:
    answerer = chat.answerer()
    return sorted(h.paper.paper_id for h in answerer.relevant(answerer.plan(question, None, None)))


def test_listing_wants_the_topic_not_its_words_apart(fast_chat: PaperChat, tmp_path: Path) -> None:
    """A paper naming "domain" and "adaptation" apart, far from the question's meaning, is not
    listed for "domain adaptation"; papers naming the topic are. The phrase also matches the
    acronym the abstracts define for it ("DA")."""
    rows = [{"id": f"d{i}", "title": f"Study {i}",
             "abstract": f"Domain adaptation helps model {i}. Results for model {i} hold."}
            for i in range(4)]
    rows.append({"id": "a", "title": "Study a", "abstract":
                 "Domain adaptation (DA) transfers models. We make DA cheap for model a."})
    rows.append({"id": "b", "title": "Study b", "abstract": "Our DA method helps model b."})
    glacier = " ".join(["glacier"] * 60)
    rows.append({"id": "x", "title": f"Survey of {glacier}",
                 "abstract": f"The domain of {glacier} and their adaptation to heat."})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    assert fast_chat.index.phrase_matches("Which papers are about domain adaptation?") == {
        "d0", "d1", "d2", "d3", "a", "b"}
    assert fast_chat.index.phrase_matches("Which papers are about domains?") is None
    listed = _listed(fast_chat, "Which papers are about domain adaptation?")
    assert "x" not in listed and {"d0", "d1", "d2", "d3", "a"} <= set(listed)


def test_a_number_set_as_inline_math_is_read_as_written_plainly(fast_chat: PaperChat,
                                                                tmp_path: Path) -> None:
    """"Atari $100$k" (LaTeX in an abstract) names "Atari 100k", as "Atari-100k" does; the
    tokenizer had read "100" and "k" apart, so the paper was found by meaning or not at all."""
    rows = [{"id": "m", "title": "Stochastic world models",
             "abstract": "We reach $126.7$ on the Atari $100$k benchmark."},
            {"id": "h", "title": "Plastic agents", "abstract": "We win on Atari-100k games."},
            {"id": "o", "title": "Atari at scale", "abstract": "We train on Atari for 200M frames."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    assert fast_chat.index.phrase_matches("Which papers use Atari 100k?") == {"m", "h"}


def test_words_papers_write_as_one_compound_are_read_as_one(fast_chat: PaperChat,
                                                              tmp_path: Path) -> None:
    """"mixture of experts" is read as "mixture-of-experts" where two papers or more write it
    so: a paper naming a mixture and experts apart is not listed; "model of cells", which no
    paper hyphenates, stays as typed (but "sequence to sequence", a synonym-table surface,
    does not), and so does "vision and language" ("and" joins two topics as often as it makes
    one). The answer names the topic as typed. An acronym defined in brackets is left out of the
    question ("mixture of experts (MoE) layers")."""
    rows = [{"id": "moe1", "title": "Sparse Mixture-of-Experts at Scale",
             "abstract": "We route tokens in a mixture-of-experts layer. Experts specialize."},
            {"id": "moe2", "title": "Routing without Collapse",
             "abstract": "Mixture of experts models need balanced routing. We balance it."},
            {"id": "moe3", "title": "Expert Choice",
             "abstract": "Each mixture-of-experts router picks tokens. We analyse it."},
            {"id": "apart", "title": "Imitation from a Mixture of Demonstrations",
             "abstract": "We learn from a mixture of demonstrations given by human experts."},
            {"id": "cell", "title": "A model of cells",
             "abstract": "We fit a model of cells to vision-and-language data."},
            {"id": "vl", "title": "Grounding", "abstract": "A vision-and-language model."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    reader = fast_chat.answerer().reader
    assert reader.compounded("Which papers use mixture of experts?") == (
        "Which papers use mixture-of-experts?")
    for question in ("Which papers fit a model of cells?",
                     "Which papers study vision and language?"):
        assert reader.compounded(question) == question
    assert reader.compounded("Which papers use sequence to sequence models?") == (
        "Which papers use sequence-to-sequence models?")  # a synonym-table surface
    assert _listed(fast_chat, "Which papers use mixture of experts?") == [
        "moe1", "moe2", "moe3"]
    plan = fast_chat.answerer().plan("Which papers use mixture of  experts?", None, None)
    assert "mixture-of-experts" in plan.query  # searched as one compound, named as typed
    assert plan.topic == "mixture of experts"
    # an acronym the question defines in brackets would split its phrase: left out
    plan = fast_chat.answerer().plan("Which papers use mixture of experts (MoE) layers?",
                                     None, None)
    assert plan.query == "Which papers use mixture-of-experts layers?"


def test_a_prefix_written_apart_is_read_as_the_compound_papers_write(fast_chat: PaperChat,
                                                                     tmp_path: Path) -> None:
    """"self supervised learning" is read as "self-supervised learning" where papers write it
    so, not as the phrase "supervised learning" (its last two words), which semi-supervised
    papers write too; "semi supervised" likewise. The answer names the topic as typed."""
    rows = [{"id": f"self{i}", "title": f"Pretext tasks {i}",
             "abstract": f"We study self-supervised learning of encoders {i}."} for i in range(3)]
    rows += [{"id": f"semi{i}", "title": f"Few labels {i}",
              "abstract": f"We study semi-supervised learning by self-training {i}."}
             for i in range(2)]
    rows.append({"id": "plain", "title": "Supervised learning bounds",
                 "abstract": "Supervised learning of a self-normalised density."})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    reader = fast_chat.answerer().reader
    assert reader.compounded("Which papers use self supervised learning?") == (
        "Which papers use self-supervised learning?")
    assert reader.compounded("Which papers use co training?") == (
        "Which papers use co training?")  # no paper writes "co-training"
    listed = _listed(fast_chat, "Which papers use self supervised learning?")
    assert {"self0", "self1", "self2"} <= set(listed) and not {"semi0", "semi1"} & set(listed)
    listed = _listed(fast_chat, "Which papers study Semi Supervised learning?")
    assert {"semi0", "semi1"} <= set(listed) and not {"self0", "self1", "self2"} & set(listed)
    plan = fast_chat.answerer().plan("Which papers use self supervised learning?", None, None)
    assert plan.topic == "self supervised learning"
    plan = fast_chat.answerer().plan("Which papers train neural nets?", None, None)
    assert plan.query == "Which papers train neural networks?"  # as papers mostly write it


def test_a_modifier_before_a_synonym_is_a_phrase(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"model-based RL" (a modifier before a synonym-table topic) is named where the modifier
    stands before any spelling of it ("model-based reinforcement learning"), or by the acronym
    the corpus defines for the whole; not by "model-free RL" and "model-based" apart."""
    rows = [{"id": "mb", "title": "Planning with learned dynamics",
             "abstract": "We study model-based reinforcement learning. It plans."},
            {"id": "mbrl", "title": "World models",
             "abstract": "Model-based reinforcement learning (MBRL) learns a world model. It plans."},
            {"id": "mbrl2", "title": "Value equivalence",
             "abstract": "We make MBRL sample efficient. It plans."},
            {"id": "mf", "title": "Policy search",
             "abstract": "We study model-free RL, unlike model-based planning. It is fast."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    for question in ("Which papers study model-based RL?",
                     "Which papers study model-based reinforcement learning?"):
        assert fast_chat.index.phrase_matches(question) == {"mb", "mbrl", "mbrl2"}, question
        hits = fast_chat.answerer().relevant(fast_chat.answerer().plan(question, None, None))
        named = {h.paper.paper_id for h in hits if h.names_topic}
        assert {"mb", "mbrl"} <= named and "mf" not in named, question


def test_listing_is_exhaustive_beyond_the_search_depth(fast_chat: PaperChat,
                                                       tmp_path: Path) -> None:
    """Papers naming the rare query term but not the common one ("network") are all listed, also
    those ranked below the search depth the cut starts from (50); papers that name the term in
    passing, far from the question's meaning, are not."""
    rows = [{"id": f"n{i}", "title": f"A network for task {i}",
             "abstract": f"We train a network on task {i}. The network of task {i} is small."}
            for i in range(200)]
    rows += [{"id": f"p{i}", "title": f"Pruning model {i}",
              "abstract": f"We prune model {i} by magnitude. Pruning model {i} is cheap."}
             for i in range(60)]
    glacier = " ".join(["glacier"] * 60)
    rows += [{"id": f"x{i}", "title": f"Survey {i} of {glacier}",
              "abstract": f"Among {glacier} we mention pruning once."} for i in range(3)]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    question = "Which papers study network pruning?"
    ranked = [h.paper.paper_id for h in fast_chat.search(question, 50).hits]
    assert sum(p.startswith("p") for p in ranked) < 60  # some are found only beyond the top
    assert _listed(fast_chat, question) == sorted(f"p{i}" for i in range(60))


def test_listing_counts_the_acronym_the_corpus_defines(fast_chat: PaperChat,
                                                       tmp_path: Path) -> None:
    """A paper writing only "NeRF" names neural radiance fields when the corpus defines NeRF so;
    the same letters in lower case ("nerf" darts) or defined by the paper as something else do
    not count, nor does a two-letter acronym."""
    rows = [{"id": f"def{i}", "title": f"Scenes {i}", "abstract":
             f"Neural radiance fields (NeRFs) model scene {i}. We render scene {i}."}
            for i in range(3)]
    rows += [
        {"id": "short", "title": "Fast NeRF-based rendering", "abstract": "We speed up NeRF."},
        {"id": "toy", "title": "Foam darts", "abstract": "A nerf dart flies over the field."},
        {"id": "other", "title": "Fish", "abstract":
         "The neuro-endocrine reflex factor (NERF) regulates fish. NERF acts fast."},
        {"id": "dp", "title": "Mean estimation", "abstract": "We estimate means under DP."},
        {"id": "dpdef", "title": "Private sums", "abstract":
         "Differential privacy (DP) protects sums. DP is cheap."},
    ]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    cov = fast_chat.index.coverage("Which papers study neural radiance fields?")
    assert {p for p, c in cov.items() if c > 0.999} == {"def0", "def1", "def2", "short"}
    assert fast_chat.index.phrase_matches("Which papers study neural radiance fields?") == {
        "def0", "def1", "def2", "short"}
    assert "dp" not in fast_chat.index.coverage("Which papers study differential privacy?")


def test_a_plural_acronym_lists_the_papers_spelling_it_out(fast_chat: PaperChat,
                                                            tmp_path: Path) -> None:
    """"ViTs" in a question is the plural of the "ViT" the corpus defines: papers writing only
    "vision transformers" are listed beside those writing the acronym; "maps" in lower case is
    no plural of "MAP"."""
    rows = [{"id": f"def{i}", "title": f"Backbones {i}", "abstract":
             f"Vision transformers (ViTs) classify images {i}. We train them {i}."}
            for i in range(3)]
    rows += [
        {"id": "long", "title": "Patch attention", "abstract":
         "Vision transformers are robust to occlusion. We test them."},
        {"id": "short", "title": "Tiny ViT", "abstract": "A ViT for phones."},
        {"id": "cnn", "title": "Convolutions", "abstract": "Convolutional networks see images."},
        {"id": "map", "title": "Bayes", "abstract":
         "Maximum a posteriori (MAP) estimates are cheap. MAP is fast."},
        {"id": "maps", "title": "Saliency", "abstract": "Saliency maps explain classifiers."},
    ]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    assert _listed(fast_chat, "Which papers study ViTs?") == [
        "def0", "def1", "def2", "long", "short"]
    assert "map" not in _listed(fast_chat, "Which papers study saliency maps?")


def test_an_llm_based_topic_lists_llm_agents_too(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"LLM-based agents" lists the papers on LLM agents however they write it ("LLM agents",
    "large language model agents"); those naming LLMs and agents apart do not name the topic
    together (they are left to their cosine)."""
    rows = [{"id": pid, "title": f"Study {pid}", "abstract": text} for pid, text in (
        ("based", "We build LLM-based agents for web tasks. They plan."),
        ("short", "LLM agents browse the web. They plan."),
        ("long", "Large language model agents use tools. They plan."),
        ("apart", "Agents in games learn fast. We never use an LLM to plan."),
        ("other", "Protein folding with kernels. It is slow."))]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    question = "Which papers study LLM-based agents?"
    assert {"based", "long", "short"} <= set(_listed(fast_chat, question))
    assert fast_chat.index.phrase_matches(question) == {"based", "long", "short"}


def test_topic_acronym_counts_only_as_written(fast_chat: PaperChat, tmp_path: Path) -> None:
    """The acronym the corpus defines for the topic phrase stands for it only written as
    defined: "AT" (adversarial training), not the word "at"."""
    rows = [
        {"id": "def", "title": "Robust nets", "abstract": "Adversarial training (AT) helps."},
        {"id": "upper", "title": "Adversarial budgets", "abstract":
         "We make AT cheap. Training budgets shrink."},
        {"id": "apart", "title": "Adversarial examples at scale", "abstract":
         "Adversarial examples at scale. Training is slow."},
    ]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    assert fast_chat.index.phrase_matches("Which papers are about adversarial training?") == {
        "def", "upper"}


def test_listing_shows_papers_named_for_the_topic_first(fast_chat: PaperChat,
                                                         tmp_path: Path) -> None:
    """Papers whose title names the question's topic (or writes the acronym the corpus defines
    for it, as defined) come first in a listing; then papers naming it only in the abstract, or
    its words only apart in the title; last those listed on its words apart."""
    rows = [{"id": f"abs{i}", "title": f"Scene study {i}", "abstract":
             f"Neural radiance fields (NeRFs) model scene {i}. Neural radiance fields render "
             f"scene {i} with neural radiance fields."} for i in range(4)]
    rows += [
        {"id": "spelled", "title": "Sparse neural radiance fields", "abstract":
         "We fit few views. Results hold."},
        {"id": "acronym", "title": "Fast NeRF-based rendering", "abstract":
         "We speed up rendering of neural radiance fields."},
        {"id": "toy", "title": "Foam nerf darts", "abstract":
         "Neural radiance fields (NeRF) are not darts."},
        {"id": "apart", "title": "Radiance of neural vector fields", "abstract":
         "Neural radiance fields (NeRF) are fields."},
        {"id": "spread", "title": "Scene light", "abstract":
         "Neural networks estimate the radiance of scenes over vector fields."},
    ]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    question = "Which papers study neural radiance fields?"
    assert fast_chat.index.title_matches(question) == {"spelled", "acronym"}
    answerer = fast_chat.answerer()
    listed = [h.paper.paper_id for h in answerer.relevant(answerer.plan(question, None, None))]
    assert set(listed[:2]) == {"spelled", "acronym"}
    assert set(listed[2:8]) == {"abs0", "abs1", "abs2", "abs3", "toy", "apart"}
    assert listed[8:] == ["spread"]  # its words apart: listed, after those naming the topic
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask(question)
    assert a.answer.splitlines()[0] == ("9 papers in the indexed abstracts match \u201cneural "
                                        "radiance fields\u201d: 8 name it, then 1 on related "
                                        "terms or meaning:")
    assert [p["names_topic"] for p in a.papers] == [True] * 8 + [False]
    a = fast_chat.ask("Which papers study vector radiance?")
    assert a.answer.splitlines()[0].startswith("No indexed abstract names \u201cvector radiance")
    assert a.count > 0 and not any(p["names_topic"] for p in a.papers)
    assert fast_chat.index.title_matches("Which papers study protein folding?") == set()


def test_reason_crediting_the_paper_with_unnamed_question_terms_falls_back(
        chat: PaperChat, scripted_llm: ScriptedLLM) -> None:
    """A generated reason that names question terms the paper's text does not ("Kaiyi Ji" is
    only in its author list) is replaced by the paper's evidence, however well its other words
    are grounded; an echo of the prompt's last line is dropped, not shown."""
    scripted_llm.enqueue(["Kaiyi Ji proves lower bounds for bilevel optimization."])
    a = chat.ask("What did Kaiyi Ji work on?")
    assert a.kind == "metadata" and a.count == 1 and a.fallbacks == 1
    assert "Kaiyi Ji proves" not in a.answer
    assert a.rejected_drafts == ["Kaiyi Ji proves lower bounds for bilevel optimization."]
    answerer = chat.answerer()
    first = answerer.relevant(answerer.plan(ZO, None, None))[0].paper
    reasons = {"SZO": "One sentence about this paper: SZO restricts zeroth-order perturbations "
                      "to a subspace.",
               "HO-SFL": "Paper: HO-SFL substitutes BP with zeroth-order optimization."}
    scripted_llm.enqueue([reasons[first.label], reasons[({"SZO", "HO-SFL"} - {first.label}).pop()]])
    a = chat.ask(ZO)
    assert a.fallbacks == 0
    assert "SZO restricts zeroth-order perturbations to a subspace" in a.answer
    assert "HO-SFL substitutes BP with zeroth-order optimization" in a.answer
    assert "sentence about" not in a.answer.lower()


@pytest.mark.parametrize(("question", "shown"), [
    ("Are there papers about graph neural networks for traffic forecasting?",
     "graph neural networks for traffic forecasting"),
    ("Which papers study zeroth-order methods?", "zeroth-order methods"),
    ("Which zeroth-order methods, if any?", "zeroth-order methods"),
    ("Which papers study zeroth-order? Methods?", "zeroth-order"),
    ("Papers on the theory of in-context learning?", "theory of in-context learning"),
    # a verb between the topic's words: its content words only
    ("Which papers on diffusion models study robustness?", "diffusion models robustness"),
])
def test_listing_names_the_topic_as_written(question: str, shown: str) -> None:
    assert shown_topic(question) == shown


def test_reason_cut_off_or_echoing_the_title(chat: PaperChat, scripted_llm: ScriptedLLM) -> None:
    """A reason cut off by the token limit before its full stop, or at the grammar's length
    cap, whose full stop lands mid-sentence, or trailing off ("..."), is replaced by the
    evidence, as is one saying nothing but the title, or one with a word no paper and not the
    language writes; the source's "Title:" head or a "The paper on X:" lead-in before the
    sentence is dropped."""
    answerer = chat.answerer()
    first = answerer.relevant(answerer.plan(ZO, None, None))[0].paper
    second = ({"SZO", "HO-SFL"} - {first.label}).pop()
    long = "HO-SFL substitutes BP with zeroth-order optimization " + "and more " * 30
    for szo, ho_sfl in [("SZO: It restricts zeroth-order perturbations to a subspace.",
                         "HO-SFL substitutes BP with zeroth-order optimization to capture inter-sur"),
                        ("The paper on SZO: It restricts zeroth-order perturbations to a subspace.",
                         long[:REASON_CHARS + 1] + "."),
                        ("SZO: It restricts zeroth-order perturbations to a subspace.",
                         "HO-SFL substitutes BP with zeroth-order optimization and more...")]:
        reasons = {"SZO": szo, "HO-SFL": ho_sfl}
        scripted_llm.enqueue([reasons[first.label], reasons[second]])
        a = chat.ask(ZO)
        assert a.rejected_drafts == [ho_sfl]
        assert "inter-sur" not in a.answer and "and more" not in a.answer
        assert "): It restricts zeroth-order perturbations to a subspace [" in a.answer
    # the title alone, said as a sentence ("The paper, MimicPlay: ...", the real model's)
    echo = f"The paper, {first.title or first.label}."
    scripted_llm.enqueue([echo, "HO-SFL substitutes BP with zeroth-order optimization."
                          if second == "HO-SFL" else "SZO restricts zeroth-order perturbations."])
    a = chat.ask(ZO)
    assert a.rejected_drafts == [echo] and echo not in a.answer
    # a word garbled out of the source's ("Zerorder" for "Zeroth-order"), no paper's nor the
    # language's; a word of the language the source does not write is no reason to reject
    garbled = "HO-SFL substitutes BP with zerorder optimization."
    plain = "SZO confines zeroth-order perturbations to a subspace."  # "confined": a word
    reasons = {"SZO": plain, "HO-SFL": garbled}
    scripted_llm.enqueue([reasons[first.label], reasons[second]])
    a = chat.ask(ZO)
    assert a.rejected_drafts == [garbled] and "zerorder" not in a.answer
    assert plain[:-1] in a.answer


def test_a_title_naming_the_topic_by_a_synonym_counts(fast_chat: PaperChat, tmp_path: Path) -> None:
    """A title spelling the topic another way the synonym table knows ("Zero-Order", "ZO",
    "Gradient-Free" for zeroth-order) names it; a title naming only its abstract's words does
    not."""
    rows = [
        {"id": "zero", "title": "Zero-Order Methods Revisited", "abstract": "We revisit them."},
        {"id": "zo", "title": "ZO-SGD at scale", "abstract": "Zeroth-order SGD scales."},
        {"id": "free", "title": "Gradient-Free Tuning", "abstract": "We tune without gradients."},
        {"id": "abs", "title": "Black-box attacks", "abstract": "Zeroth-order methods attack."},
    ]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    assert fast_chat.index.title_matches("Which papers study zeroth-order methods?") == {
        "zero", "zo", "free"}


def test_a_title_naming_the_rarest_term_counts_as_almost_all(fast_chat: PaperChat,
                                                              tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """"Hyperbolic neural networks" are hyperbolic geometry: where few papers name the question's rarest
    term (at most rag.answer.RARE_TERM of them), a title naming it counts as naming almost all
    terms (a meaning not far off is enough); an abstract naming it does not, nor does a title
    naming a rarest term that many papers use."""
    rows = [{"id": f"g{i}", "title": f"Task {i} revisited", "abstract":
             f"We bound the curved geometry of benchmark task {i} by random sketches."}
            for i in range(20)]
    rows += [{"id": f"n{i}", "title": f"A network for task {i}",
              "abstract": f"We train a network on task {i}. It is small."} for i in range(176)]
    rows += [{"id": "nn", "title": "Hyperbolic neural networks", "abstract": "Networks for trees."},
             {"id": "trees", "title": "Hyperbolic trees", "abstract": "We model trees."},
             {"id": "both", "title": "Hyperbolic geometry of trees",
              "abstract": "Trees embed in hyperbolic geometry."},
             {"id": "abs", "title": "Embedding trees", "abstract": "Trees embed in hyperbolic space."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    question = "Which papers use hyperbolic geometry?"
    index = fast_chat.index
    assert max(index.coverage(question)[p] for p in ("nn", "trees", "abs")) < 0.7  # "geometry"
    assert index.rare_title_matches(question, 0.03) == {"nn", "trees", "both"}
    assert index.rare_title_matches(question, 0.01) == set()  # 4 of 200 papers name it
    assert index.rare_title_matches("Which papers are hyperbolic?", 1.0) == set()  # one term
    # a floor the three papers' meaning is not far off from, but not close to
    sims = fast_chat.retriever.similarities(question, ["nn", "trees", "abs"])
    fast_chat.settings.retrieval.min_similarity = max(sims.values()) - 0.03
    assert min(sims.values()) >= max(sims.values()) - 0.07, sims
    monkeypatch.setattr("rag.answer.RARE_TERM", 0.03)
    listed = set(_listed(fast_chat, question))
    assert {"nn", "trees", "both"} <= listed and "abs" not in listed
    monkeypatch.setattr("rag.answer.RARE_TERM", 0.01)
    listed = set(_listed(fast_chat, question))
    assert "both" in listed and not listed & {"nn", "trees", "abs"}


def test_a_venue_and_years_named_in_the_question_filter(fast_chat: PaperChat,
                                                         tmp_path: Path) -> None:
    """"Which COLT 2024 papers study bandits?" lists the bandit papers of COLT 2024 and says
    so; years may be a span ("since 2024"); a venue or year alone lists all its papers; a
    lone year the catalog lacks stays a word of the question."""
    rows = [{"id": f"{venue}{year}{topic}", "title": f"{topic.title()} study {venue} {year}",
             "abstract": f"We study {topic} problems. Results are sharp.", "conference": venue,
             "year": year, "authors": ["Ann Lee"]}
            for venue in ("COLT", "AISTATS") for year in (2023, 2024, 2025)
            for topic in ("bandits", "kernels")]
    rows.append({"id": "wmt", "title": "Translation", "abstract": "We beat the WMT 2014 bandits.",
                 "conference": "COLT", "year": 2023})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("Which COLT 2024 papers study bandits?")
    assert [p["paper_id"] for p in a.papers] == ["COLT2024bandits"]
    assert a.answer.splitlines()[0] == (
        "1 paper from COLT 2024 in the indexed abstracts matches \u201cbandits\u201d:")
    assert _listed(fast_chat, "Which papers since 2024 study bandits?") == [
        "AISTATS2024bandits", "AISTATS2025bandits", "COLT2024bandits", "COLT2025bandits"]
    assert _listed(fast_chat, "Which aistats papers from 2023 to 2024 study bandits?") == [
        "AISTATS2023bandits", "AISTATS2024bandits"]
    assert _listed(fast_chat, "Which papers before 2024 study bandits?") == [
        "AISTATS2023bandits", "COLT2023bandits", "wmt"]
    # two years named apart: one of them ("and" too, unless "between")
    for question in ("Which COLT papers from 2023 or 2025 study bandits?",
                     "Which COLT papers in 2023 and 2025 study bandits?"):
        a = fast_chat.ask(question)
        assert sorted(p["paper_id"] for p in a.papers) == [
            "COLT2023bandits", "COLT2025bandits", "wmt"], question
        assert a.answer.splitlines()[0].startswith(
            "3 papers from COLT 2023 or 2025 in the indexed abstracts match \u201cbandits\u201d")
    a = fast_chat.ask("Which COLT papers from 2024 or 2025 study bandits?")
    assert a.answer.splitlines()[0] == (
        "2 papers from COLT 2024\u20132025 in the indexed abstracts match \u201cbandits\u201d:")
    assert _listed(fast_chat, "Which AISTATS papers between 2023 and 2025 study bandits?") == [
        "AISTATS2023bandits", "AISTATS2024bandits", "AISTATS2025bandits"]
    assert _listed(fast_chat, "AISTATS papers from 2024 on bandits") == ["AISTATS2024bandits"]
    # a venue named again for each year (its years were topic words)
    assert _listed(fast_chat, "Which COLT 2023 and COLT 2025 papers study bandits?") == [
        "COLT2023bandits", "COLT2025bandits", "wmt"]
    assert _listed(fast_chat, "AISTATS 2023, AISTATS 2024 or AISTATS 2025 papers on bandits") == [
        "AISTATS2023bandits", "AISTATS2024bandits", "AISTATS2025bandits"]
    a = fast_chat.ask("AISTATS 2023 or 2024 papers on bandits")  # a listing (a summary: its
    assert a.kind == "listing" and sorted(p["paper_id"] for p in a.papers) == [  # "or" kept
        "AISTATS2023bandits", "AISTATS2024bandits"], a.answer  # the form from the listing's)
    # "published", "appeared" ask; they are no word the papers must name
    assert _listed(fast_chat, "Which papers were published in 2024 on bandits?") == [
        "AISTATS2024bandits", "COLT2024bandits"]
    assert _listed(fast_chat, "Which papers appeared at AISTATS 2024 on bandits?") == [
        "AISTATS2024bandits"]
    assert _listed(fast_chat, "AISTATS papers from 2024 on, about bandits") == [
        "AISTATS2024bandits", "AISTATS2025bandits"]
    # "what did <venue> publish on X?" asks for the papers on X ("publish" is no topic word)
    # ... as are "accepted", "count", "number of" (and papers: "got accepted about X" was a
    # search for "got accepted X"; "count COLT 2024 papers on X" for "count X")
    for question in ("What did COLT 2024 publish on bandits?",
                     "what has AISTATS 2024 published about bandits?",
                     "What did COLT 2024 papers study on bandits?",
                     "What did COLT 2024 accept on bandits?",
                     "papers accepted at COLT 2024 on bandits",
                     "which COLT 2024 papers got accepted about bandits",
                     "count COLT 2024 papers about bandits",
                     "number of AISTATS 2024 papers on bandits"):
        a = fast_chat.ask(question)
        assert a.kind == "listing" and len(a.papers) == 1, question
        assert a.papers[0]["paper_id"].endswith("2024bandits"), question
    for question in ("What did COLT 2025 publish?", "How many papers did COLT accept in 2025?"):
        a = fast_chat.ask(question)  # "accept" was a word to find
        assert a.kind == "metadata" and a.count == 2, question
    # a year in two digits, a venue in lowercase or one edit off (said so): as the catalog
    # names them ("colt'24" was a word, "23 papers" a number of papers asked for)
    for question in ("colt'24 papers on bandits", "COLT '24 papers on bandits",
                     "colt 2024 papers on bandits", "aistats 24 papers on bandits",
                     "COLT-2024 papers on bandits", "aistats-24 papers on bandits",  # hyphened
                     "AISTAT 2024 papers on bandits"):
        a = fast_chat.ask(question)
        assert [p["paper_id"][-11:] for p in a.papers] == ["2024bandits"], question
    assert a.answer.splitlines()[0].startswith("Read \u201cAISTAT\u201d as \u201cAISTATS\u201d")
    a = fast_chat.ask("Which papers are from COLT 2025?")
    assert a.kind == "metadata" and a.count == 2
    assert a.answer.splitlines()[0] == (
        "The index holds 2 COLT 2025 papers:")
    assert _listed(fast_chat, "Which papers use the WMT 2014 bandits?") == ["wmt"]
    a = fast_chat.ask("Which recent COLT papers study bandits?")  # an order, before the venue
    assert [p["paper_id"] for p in a.papers] == [
        "COLT2025bandits", "COLT2024bandits", "COLT2023bandits", "wmt"]
    assert a.answer.splitlines()[0].endswith("\u201cbandits\u201d, newest first:")
    a = fast_chat.ask("Which papers from 2019 study bandits?")  # a year, but not in the catalog
    assert a.refused and "no indexed paper from 2019 matches \u201cbandits\u201d" in a.answer
    set_in_ui = Filters(venue="AISTATS", year=2023)  # wins; the question's words still go
    a = fast_chat.ask("Which COLT 2024 papers study bandits?", filters=set_in_ui)
    assert [p["paper_id"] for p in a.papers] == ["AISTATS2023bandits"]
    a = fast_chat.ask("What did Ann Lee publish since 2024 in COLT?")  # with an author
    assert a.kind == "metadata" and sorted(p["paper_id"] for p in a.papers) == [
        "COLT2024bandits", "COLT2024kernels", "COLT2025bandits", "COLT2025kernels"]
    assert a.answer.splitlines()[0] == (
        "The index holds 4 COLT papers from 2024 or later by Ann Lee:")
    for question in ("Did Ann Lee publish anything at COLT 2024?",  # "publish" no topic word
                     "has Ann Lee written any papers at COLT 2024?"):
        a = fast_chat.ask(question)
        assert a.kind == "metadata" and sorted(p["paper_id"] for p in a.papers) == [
            "COLT2024bandits", "COLT2024kernels"], question
    a = fast_chat.ask("Which papers since 2026 study bandits?")
    assert a.refused and "no indexed paper from 2026 or later matches \u201cbandits\u201d" in a.answer
    # narrowing the previous answer by a year, with or without a topic
    conv = Conversation()
    first = fast_chat.ask("Which COLT papers study bandits?", conv)
    assert sorted(p["paper_id"] for p in first.papers) == [
        "COLT2023bandits", "COLT2024bandits", "COLT2025bandits", "wmt"]
    a = fast_chat.ask("Which of them are from 2025?", conv)
    assert [p["paper_id"] for p in a.papers] == ["COLT2025bandits"]
    assert a.answer.splitlines()[0] == (
        "The previous answer's 4 papers include 1 paper from 2025:")
    a = fast_chat.ask("ok, and which of those are from 2025?", conv)  # ("ok" was a topic)
    assert a.answer.splitlines()[0] == (  # (not "1 papers include"; nor "1 paper includes 1
        "The previous answer's paper, \u201cBandits study COLT 2025\u201d, is among the papers "
        "from 2025:"), a.answer  # paper from 2025")
    # after a narrowing that found none, "which ones ...?" narrows the list before it (it
    # searched the whole index)
    conv = Conversation()
    fast_chat.ask("Which COLT papers study bandits?", conv)
    assert fast_chat.ask("Which of them are from 2021?", conv).count == 0
    a = fast_chat.ask("which ones are from 2024?", conv)
    assert [p["paper_id"] for p in a.papers] == ["COLT2024bandits"], a.answer
    conv = Conversation()
    fast_chat.ask("Which papers study bandits?", conv)
    a = fast_chat.ask("Of those, which from COLT before 2024 beat WMT?", conv)
    assert [p["paper_id"] for p in a.papers] == ["wmt"]


@pytest.mark.parametrize(("question", "kind"), [
    ("How many papers study zeroth-order methods?", "listing"),
    ("Is there any paper on zeroth-order methods?", "listing"),
    ("Do any papers use zeroth-order methods?", "listing"),
    ("Who works on zeroth-order methods?", "listing"),
    ("Which authors work on zeroth-order methods?", "listing"),
    ("Who wrote papers on zeroth-order methods?", "listing"),
    ("Who has published on zeroth-order methods?", "listing"),
    ("Which researchers have written about zeroth-order methods?", "listing"),
    ("Which venues have papers on zeroth-order methods?", "listing"),
    ("Which papers on zeroth-order methods were published?", "listing"),
    ("Which papers on zeroth-order methods came out?", "listing"),
    ("What do zeroth-order methods achieve?", "summary"),
    ("What problems do papers on zeroth-order methods address?", "summary"),
    ("What papers do you have on zeroth-order methods?", "listing"),
    ("Show me work on zeroth-order methods.", "listing"),
    ("Any work on zeroth-order methods?", "listing"),
    ("Is there any research on zeroth-order methods?", "listing"),
])
def test_question_forms_that_ask_for_a_listing(chat: PaperChat, question: str, kind: str) -> None:
    """Existence, count and "who" questions list every matching paper ("how many" is not
    a topic word); "who" listings name every author. "What problems do papers on X address?"
    is a summary of the papers on X."""
    a = chat.ask(question)
    assert a.kind == kind
    if kind == "listing" or "papers on" in question:  # what the papers on X do: those papers
        assert {p["paper_id"] for p in a.papers} == _zo_ids(chat)
    if kind == "listing":
        assert "\u201czeroth-order methods\u201d" in a.answer.splitlines()[0]
    if question.startswith(("Who", "Which authors")):
        first = a.papers[0]
        assert f"({', '.join(first['authors'])})" in a.answer.splitlines()[1]


def test_initials_and_the_more_line_are_not_unsupported_claims(fast_chat: PaperChat,
                                                               tmp_path: Path) -> None:
    """A listed paper is one line with one marker: an author's initial ("An T. Le") does not end
    a sentence without a source there, and the closing "… and N more" line is the pipeline's,
    not a claim."""
    rows = [{"id": f"p{i}", "title": f"Motion planning via optimal transport {i}",
             "authors": ["An T. Le", "B. C. Smith", "Carol Diaz"],
             "abstract": "We plan robot motion with optimal transport. Trajectories are smooth."}
            for i in range(3)]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    lines, fast_chat.settings.llm.listing_lines = fast_chat.settings.llm.listing_lines, 2
    try:
        a = fast_chat.ask("Who works on optimal transport?")
    finally:
        fast_chat.settings.llm.listing_lines = lines
    assert a.count == 3 and "(An T. Le, B. C. Smith, Carol Diaz)" in a.answer
    assert a.answer.splitlines()[-1].startswith("\u2026 and 1 more")
    assert a.unsupported_sentences == []


def test_a_question_about_one_paper_by_its_title(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"What does the paper X propose?" answers about the paper titled X (or "X: ..."), not a
    listing of everything near it; "the papers on X" still draws on all of them."""
    rows = [{"id": "gmoe", "title": "Graph Mixture of Experts: Learning on Large Graphs",
             "abstract": "We bring mixture of experts to graph neural networks. It scales."},
            {"id": "damex", "title": "Dataset-aware Mixture of Experts",
             "abstract": "We route datasets to mixture of experts in graph models. It works."},
            {"id": "gauss", "title": "Gaussian Mixture of Experts for graph data",
             "abstract": "Softmax gating in a mixture of experts over graph data. It helps."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("What does the paper Graph Mixture of Experts propose?")
    assert a.kind == "summary" and [p["paper_id"] for p in a.papers] == ["gmoe"]
    a = fast_chat.ask("What do the papers on graph mixture of experts propose?")
    assert a.kind == "summary" and a.count == 3


def test_comparing_two_topics_draws_on_each(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Compare A and B" (or "A vs B", "the differences between A and B") finds each side's
    papers and draws on the closest of each in turn, where a search for both at once finds only
    papers naming both, and says how many are on both; "which papers compare A and B?" still
    lists those (the papers naming both, whether or not they write "compare"). "Compare the
    papers on A and B": the sides are A and B."""
    rows = [{"id": f"lora{i}", "title": f"Low-rank adapters {i}",
             "abstract": f"We fine-tune with LoRA adapters, variant {i}. It is cheap."}
            for i in range(3)]
    rows += [{"id": f"prefix{i}", "title": f"Prompt prefixes {i}",
              "abstract": f"We study prefix tuning, variant {i}. It is cheap."} for i in range(2)]
    rows.append({"id": "both", "title": "Adapters and prefixes",
                 "abstract": "We study LoRA and prefix tuning together. Both are cheap."})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question in ("Compare LoRA and prefix tuning", "LoRA vs. prefix tuning?",
                     "What are the differences between LoRA and prefix tuning?",
                     "Compare the papers on LoRA with work on prefix tuning",
                     "difference between LoRA and prefix tuning papers"):  # "papers" no word
        a = fast_chat.ask(question)
        assert a.kind == "summary" and a.count == 6, question
        assert a.answer.splitlines()[0] == (
            "Papers in the indexed abstracts matching each side: 4 \u201cLoRA\u201d and 3 "
            "\u201cprefix tuning\u201d, 1 of them on both; from the closest of each, in turn "
            "(all 6 are in the list of papers):"), question
        cited = [c.paper_id for c in a.citations]
        assert len(cited) == 4 and sum(p.startswith("lora") for p in cited) >= 1 and sum(
            p.startswith("prefix") for p in cited) >= 1
        for line in a.answer.splitlines()[1:]:  # each line names its paper's side
            side, n = re.fullmatch(r"\*\*(LoRA|prefix tuning)\*\*: .+ \[(\d)\]\.", line).groups()
            paper = a.papers[int(n) - 1]["paper_id"]
            assert paper.startswith("lora" if side == "LoRA" else "prefix") or paper == "both"
    plan = fast_chat.answerer().plan("Compare LoRA and prefix tuning for vision models", None, None)
    assert plan.sides == ("LoRA for vision models", "prefix tuning for vision models")
    for question in ("Which papers compare LoRA and prefix tuning?",  # those naming both (the
                     "papers comparing LoRA with prefix tuning",  # one that does writes no
                     "what's the intersection of LoRA and prefix tuning?",  # ("intersection"
                     "papers at the intersection of LoRA and prefix tuning"):  # was searched)
        a = fast_chat.ask(question)  # "compare": it was refused)
        assert a.kind == "listing" and [p["paper_id"] for p in a.papers] == ["both"], question
    assert fast_chat.answerer().plan("papers that compare adapters trained with LoRA", None,
                                     None).topic == "compare adapters trained with LoRA"


def test_a_judgement_the_abstracts_cannot_make(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"What is the best paper on X?" says the abstracts cannot judge that and lists every paper
    on X (with the topic, not "best", as what the papers must name); with no topic it says how
    to ask instead, without a search or the model. "Best" in a topic is a word like any other,
    and "the most relevant papers" or "recent papers" ask for an order, not for the word."""
    rows = [{"id": f"b{year}", "title": f"Bandit regret bounds {year}", "year": year,
             "abstract": "We study multi-armed bandits. Regret is optimal."}
            for year in (2023, 2025, 2024)]
    rows += [{"id": "arm", "title": "Best-arm identification", "year": 2023,
              "abstract": "We study best-arm identification in bandits. It is fast."},
             {"id": "kern", "title": "Kernel methods", "year": 2024,
              "abstract": "We study kernel ridge regression. It is fast."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    llm = fast_chat._llm = ScriptedLLM()
    judgement = ("The abstracts cannot tell which paper is best or most influential: they hold "
                 "no citations, reviews or awards.")
    bandits = fast_chat.ask("Which papers study bandits?")
    for question in ("What is the best paper on bandits?", "Which are the top 3 papers on bandits?",
                     "Which bandit papers are the most influential?",
                     "What are the best bandit papers?",  # a topic word between
                     "What are the most cited papers on bandits?",  # a rank, no citing
                     "highly cited papers on bandits", "Which are the seminal bandit papers?",
                     "who won the best paper award for bandits?"):  # (it searched "won")
        a = fast_chat.ask(question)
        assert a.kind == "listing" and not a.refused, question
        assert {p["paper_id"] for p in a.papers} == {p["paper_id"] for p in bandits.papers}
        lines = a.answer.splitlines()
        assert lines[0] == f"{judgement} Here is every paper that matches instead.", question
        assert not re.search("best|influential|top|cited|seminal", lines[1]), question
    a = fast_chat.ask("What are the most important 2023 papers on bandits?")  # a year between
    assert a.answer.startswith(judgement) and sorted(p["paper_id"] for p in a.papers) == [
        "arm", "b2023"]
    calls = len(llm.calls)
    for question in ("Which paper is the best?", "What are the most influential papers?"):
        a = fast_chat.ask(question)
        assert a.refused and a.count == 0 and a.answer.startswith(judgement), question
        assert "which papers study ...?" in a.answer
    assert len(llm.calls) == calls
    assert _listed(fast_chat, "Which papers study best-arm identification?") == ["arm"]
    assert not fast_chat.ask("Which papers study best-arm identification?").answer.startswith(
        judgement)
    a = fast_chat.ask("What are the most relevant papers on kernel ridge regression?")
    assert [p["paper_id"] for p in a.papers] == ["kern"]
    assert a.answer.splitlines()[0] == (
        "1 paper in the indexed abstracts matches \u201ckernel ridge regression\u201d:")
    a = fast_chat.ask("Which recent papers study regret bounds?")
    assert [p["paper_id"] for p in a.papers][:3] == ["b2025", "b2024", "b2023"]
    assert a.answer.splitlines()[0].endswith("\u201cregret bounds\u201d, newest first:")
    assert not fast_chat.answerer().plan(  # "new" on a contribution: no order (the review's)
        "which papers report new results on regret bounds?", None, None).newest_first
    for question in ("Show me the latest regret bounds papers.",  # "new": as "recent" (it
                     "find new papers on regret bounds",  # searched "new regret bounds");
                     "recent ones on regret bounds"):  # "ones": papers (it summarized
        # "ones on regret bounds")
        a = fast_chat.ask(question)
        assert [p["paper_id"] for p in a.papers][:3] == ["b2025", "b2024", "b2023"], question
        assert a.answer.splitlines()[0].endswith("\u201cregret bounds\u201d, newest first:"), (
            question, a.answer)
    conv = Conversation()
    fast_chat.ask("Which papers study regret bounds?", conv)
    a = fast_chat.ask("Of those, which one is the best?", conv)
    assert a.answer.splitlines()[0].startswith(judgement)
    assert sorted(p["paper_id"] for p in a.papers) == ["b2023", "b2024", "b2025"]


def test_comparing_three_topics(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Compare A, B and C" (or "A with B and C") has three sides, each counted on the first
    line."""
    rows = [{"id": f"{name}{i}", "title": f"{name.title()} study {i}",
             "abstract": f"We fine-tune with {name} only, variant {i}. It is cheap."}
            for name, n in (("lora", 3), ("prefix", 2), ("bitfit", 1)) for i in range(n)]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question in ("Compare LoRA, prefix and BitFit.", "Compare LoRA with prefix and BitFit."):
        a = fast_chat.ask(question)
        assert a.kind == "summary" and a.count == 6
        assert a.answer.splitlines()[0].startswith(
            "Papers in the indexed abstracts matching each side: 3 \u201cLoRA\u201d, 2 "
            "\u201cprefix\u201d and 1 \u201cBitFit\u201d;"), question
        assert {c.paper_id for c in a.citations} >= {"lora0", "prefix0", "bitfit0"}


def test_papers_on_either_topic(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Which papers use LoRA or adapters?" lists the papers on either (not only those on
    both), those naming one first, and quotes both on the first line; a qualifier of the last
    is for all, "either" is no topic word, and "or not" is no second topic. So do "A or B"
    asked as a bare topic, "kinds of A like B", a follow-up
    narrowing the previous answer and a listing among one author's papers."""
    rows = [{"id": f"lora{i}", "title": f"Low-rank study {i}", "authors": [f"Author {i}"],
             "abstract": f"We fine-tune with LoRA, variant {i}. It is cheap."} for i in range(2)]
    rows += [{"id": "adapter", "title": "Adapter layers", "authors": ["Author 0"],
              "abstract": "We insert adapters into each layer. It is cheap."},
             {"id": "adapt", "title": "Domain adaptation",
              "abstract": "We adapt models to new domains. Adaptation is cheap."},
             {"id": "vision", "title": "LoRA for vision models",
              "abstract": "We apply LoRA to vision models. It is cheap."},
             {"id": "kern", "title": "Kernel methods",
              "abstract": "We study kernel ridge regression. It is fast."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    assert _listed(fast_chat, "Which papers use LoRA adapters?") == []  # both at once
    for question in ("Which papers use LoRA or adapters?",
                     "Which papers use either LoRA or adapters?",
                     "LoRA or adapters", "LoRA / adapters"):  # a bare topic: was "LoRA adapters"
        a = fast_chat.ask(question)
        assert sorted(p["paper_id"] for p in a.papers) == [
            "adapter", "lora0", "lora1", "vision"], question  # not "adapt" (Porter's stem)
        assert a.answer.splitlines()[0] == (
            "4 papers in the indexed abstracts match \u201cLoRA\u201d or \u201cadapters\u201d:")
    # a kind of thing and an example of it: the papers on either (it searched "cheap
    # fine-tuning methods like LoRA": none names all)
    for question, ids in (("Which papers study cheap fine-tuning methods like LoRA?",
                           ["lora0", "lora1", "vision"]),  # (not "vision": no fine-tuning)
                          ("papers on fine-tuning techniques, such as adapters", ["adapter"]),
                          ("papers on kernel methods such as ridge regression, LoRA",
                           ["kern", "lora0", "lora1", "vision"])):
        assert _listed(fast_chat, question) == ids, question
    assert fast_chat.answerer().plan("papers like Kernel methods", None, None).sides == ()
    assert fast_chat.answerer().plan("Training networks with non-differentiable activations "
                                     "such as binary neurons", None, None).sides == ()  # (a
    # description, not a kind: the seed set lost precision)
    # two verbs on one object: the papers on it (it was "reduce" or "the cost of LoRA")
    for question in ("Which papers propose methods to measure or reduce the cost of LoRA?",
                     "papers that explain and improve LoRA"):
        plan = fast_chat.answerer().plan(question, None, None)
        assert not plan.sides and plan.topic in ("cost of LoRA", "LoRA"), (question, plan.topic)
    assert _listed(fast_chat, "papers that explain and improve LoRA") == [
        "lora0", "lora1", "vision"]
    # a side no paper writes is said so before the others' papers (it was not said)
    a = fast_chat.ask("Is there any paper on Mamba or LoRA?")
    assert sorted(p["paper_id"] for p in a.papers) == ["lora0", "lora1", "vision"]
    assert a.answer.splitlines()[:2] == [
        "No indexed paper writes \u201cMamba\u201d.",
        "3 papers in the indexed abstracts match \u201cMamba\u201d or \u201cLoRA\u201d:"], a.answer
    plan = fast_chat.answerer().plan("Which papers use LoRA or adapters for vision models?",
                                     None, None)
    assert plan.sides == ("Which papers use LoRA for vision models", "adapters for vision models")
    assert fast_chat.answerer().plan("Are there papers on LoRA or not?", None, None).sides == ()
    # a summary of either: each side's papers in turn (it searched for "LoRA adapters")
    plan = fast_chat.answerer().plan("Summarize LoRA or adapters", None, None)
    assert (plan.kind, plan.sides) == ("summary", ("LoRA", "adapters"))
    assert sorted(p["paper_id"] for p in fast_chat.ask("Summarize LoRA or adapters").papers) == [
        "adapter", "lora0", "lora1", "vision"]
    # a question of which is better, or a request, naming A or B is no bare pair of topics
    for question in ("Is LoRA or full fine-tuning better for vision?",
                     "Should I use LoRA or adapters for vision?", "Describe LoRA or adapters"):
        plan = fast_chat.answerer().plan(question, None, None)
        assert plan.kind != "listing" or not plan.sides, question
    # a hyphenated modifier alone takes the last side's noun ("LoRA or adapters" do not)
    answerer = fast_chat.answerer()
    assert answerer.plan("Which papers use on-policy or off-policy methods?", None,
                         None).sides == ("Which papers use on-policy methods", "off-policy methods")
    assert answerer.plan("compare model-based and model-free RL", None, None).sides == (
        "model-based RL", "model-free RL")
    assert answerer.plan("compare LoRA and prefix tuning", None, None).sides == (
        "LoRA", "prefix tuning")
    for question in ("How do LoRA and prefix tuning compare?",  # "compare" was a topic word
                     "How does LoRA compare to prefix tuning?"):
        assert answerer.plan(question, None, None).sides == ("LoRA", "prefix tuning"), question
    # ... with the last side's qualifier too ("model-based for offline RL" had lost the noun)
    assert answerer.plan("Which is better for offline RL: model-based or model-free methods?",
                         None, None).sides == ("model-based methods for offline RL",
                                               "model-free methods for offline RL")
    conv = Conversation()  # narrowing a previous answer, and among one author's papers
    assert len(fast_chat.ask("Which papers are cheap?", conv).papers) == 5
    a = fast_chat.ask("Of those, which use LoRA or adapters?", conv)
    assert sorted(p["paper_id"] for p in a.papers) == ["adapter", "lora0", "lora1", "vision"]
    assert _listed(fast_chat, "Which papers by Author 0 use LoRA or adapters?") == [
        "adapter", "lora0"]


def test_a_topic_the_question_leaves_out(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Which papers study bandits but not regret?" lists the bandit papers that do not name
    regret, and says so; so do "excluding", "that do not use", and a narrowing follow-up. A
    topic that ends "without labels" is a topic, and "not" with nothing left to list is no
    exclusion."""
    rows = [{"id": "regret", "title": "Bandit regret", "abstract": "We bound regret of bandits."},
            {"id": "safe", "title": "Safe bandits", "abstract": "We keep bandits safe. It works."},
            {"id": "pure", "title": "Pure exploration", "abstract": "Bandits explore. No loss."},
            {"id": "labels", "title": "Learning without labels",
             "abstract": "We study learning without labels. It works."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    assert _listed(fast_chat, "Which papers study bandits?") == ["pure", "regret", "safe"]
    for question in ("Which papers study bandits but not regret?",
                     "Which papers on bandits, excluding regret?",
                     "Which papers on bandits do not study regret?",
                     "papers on bandits, excluding the regret ones",  # "ones" was a word
                     "papers on bandits but not the ones on regret"):  # to find
        a = fast_chat.ask(question)
        assert sorted(p["paper_id"] for p in a.papers) == ["pure", "safe"], question
        assert a.answer.splitlines()[0] == ("2 papers in the indexed abstracts match "
                                            "\u201cbandits\u201d but not \u201cregret\u201d:")
    a = fast_chat.ask("Which papers study bandits but not exploration?")
    assert sorted(p["paper_id"] for p in a.papers) == ["regret", "safe"]
    a = fast_chat.ask("Which papers study bandits except safe bandits, regret or exploration?")
    assert a.refused and a.answer == (
        f"{CANNOT_ANSWER_PHRASE}: the 3 papers matching \u201cbandits\u201d each name "
        "\u201csafe bandits, regret or exploration\u201d.")
    a = fast_chat.ask("Which papers study pure exploration but not loss?")
    assert a.refused and a.answer.endswith(
        "the one paper matching \u201cpure exploration\u201d names \u201closs\u201d.")
    assert _listed(fast_chat, "Which papers study learning without labels?") == ["labels"]
    calls = len(fast_chat._llm.calls)
    a = fast_chat.ask("Which papers don't use regret?")  # nothing to list the rest of
    assert a.refused and a.count == 0 and len(fast_chat._llm.calls) == calls
    assert a.answer == ("A listing needs a topic as well as what to leave out: ask \u201cwhich "
                        "papers study ... but not regret?\u201d.")
    conv = Conversation()
    fast_chat.ask("Which papers study bandits?", conv)
    a = fast_chat.ask("Of those, which are not about regret?", conv)
    assert sorted(p["paper_id"] for p in a.papers) == ["pure", "safe"]
    assert a.answer.splitlines()[0] == ("2 papers of the 3 from the previous answer match "
                                        "\u201cbandits\u201d but not \u201cregret\u201d:")


def test_the_question_verb_and_a_number_asked_for(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Which paper introduced DPO?": "introduced" is the question's verb, not a word the paper
    must name; "give me two papers on X" writes out two and counts all of them."""
    rows = [{"id": "dpo", "title": "Direct preference optimization",
             "abstract": "We propose DPO, a simple way to align language models. It is stable."}]
    rows += [{"id": f"fl{i}", "title": f"Federated learning study {i}",
              "abstract": f"We study federated learning, setting {i}. It converges."}
             for i in range(4)]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    llm = fast_chat._llm = ScriptedLLM()
    for question in ("Which paper introduced DPO?", "Which papers have looked at DPO?",
                     "Are there papers that discuss DPO?"):
        a = fast_chat.ask(question)
        assert not a.refused and [p["paper_id"] for p in a.papers] == ["dpo"], question
        assert "\u201cDPO\u201d" in a.answer.splitlines()[0]
    # "new" or "novel" after the verb: no word either (none of these papers writes it), but
    # in "novel view synthesis"
    a = fast_chat.ask("Which papers propose new methods for federated learning?")
    assert a.answer.splitlines()[0] == (
        "4 papers in the indexed abstracts match \u201cfederated learning\u201d:"), a.answer
    assert "novel" in fast_chat.answerer().plan("papers that introduce novel view synthesis",
                                                None, None).query
    assert "new york" in fast_chat.answerer().plan("papers that address new york traffic",
                                                   None, None).query
    a = fast_chat.ask("Give me two papers on federated learning.")
    lines = a.answer.splitlines()
    assert a.count == 4 and lines[0] == (
        "4 papers in the indexed abstracts match \u201cfederated learning\u201d:")
    assert [line[:3] for line in lines[1:]] == ["1. ", "2. ", "\u2026 a"]
    assert lines[-1].startswith("\u2026 and 2 more; all 4")
    a = fast_chat.ask("Give me two federated learning papers.")
    assert a.count == 4 and a.answer.splitlines()[-1].startswith("\u2026 and 2 more; all 4")
    calls = len(llm.calls)
    a = fast_chat.ask("Summarize 3 papers on federated learning.")
    assert a.kind == "summary" and len(a.citations) == 3 and len(llm.calls) == calls + 3


def test_citations_and_combinations_asked_for(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Which papers cite DPO?" lists the papers naming DPO under a first line saying abstracts
    hold no reference lists; "papers that combine X with Y" need not name "combine"."""
    rows = [{"id": "dpo", "title": "Direct preference optimization",
             "abstract": "We propose DPO, a simple way to align language models. It is stable."},
            {"id": "both", "title": "Private alignment",
             "abstract": "We merge DPO with federated learning. Clients keep their data."},
            {"id": "fl", "title": "Federated averaging",
             "abstract": "We study federated learning. It converges."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question in ("Which papers cite DPO?", "Which papers build on DPO?"):
        a = fast_chat.ask(question)
        assert sorted(p["paper_id"] for p in a.papers) == ["both", "dpo"], question
        assert a.answer.splitlines()[:2] == [
            "The abstracts cannot tell which papers cite a work: they hold no reference lists. "
            "Here is every paper that matches instead.",
            "2 papers in the indexed abstracts match \u201cDPO\u201d:"], question
    assert not fast_chat.ask("Which papers use DPO?").answer.startswith("The abstracts")
    a = fast_chat.ask("Do any papers combine DPO with federated learning?")
    assert [p["paper_id"] for p in a.papers][:1] == ["both"]
    assert "\u201cDPO with federated learning\u201d" in a.answer.splitlines()[0]


def test_papers_like_one_paper(chat: PaperChat) -> None:
    """"Papers similar to HO-SFL" (a title or label) lists that paper first, then the
    ``retrieval.k`` papers closest to its title and abstract, the other zeroth-order paper
    among the first; words that title no paper are a topic as before."""
    a = chat.ask("Which papers are similar to HO-SFL?")
    ids = [p["paper_id"] for p in a.papers]
    ho = next(p for p in chat.index.all_papers() if p.label == "HO-SFL")
    assert a.kind == "listing" and ids[0] == ho.paper_id
    assert len(ids) == 1 + chat.settings.retrieval.k and len(set(ids)) == len(ids)
    assert set(ids[1:4]) & (_zo_ids(chat) - {ho.paper_id})
    assert a.answer.splitlines()[0] == (
        f"The {len(ids) - 1} papers in the indexed abstracts closest in meaning to \u201cHO-SFL"
        "\u201d (its title and abstract), after it:")
    assert a.citations[0].paper_id == ho.paper_id
    b = chat.ask("Which papers are similar to zeroth-order methods?")
    assert {p["paper_id"] for p in b.papers} == _zo_ids(chat)


def test_a_topic_among_one_authors_papers(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Which papers by Ann Lee study bandits?" lists her bandit papers (not all of hers, not
    Ann Leeds's), and says whose; "what did Ann Lee work on?" still lists all of hers."""
    rows = [{"id": f"{who[-1]}{topic}", "title": f"{topic.title()} study", "authors": [who],
             "abstract": f"We study {topic} problems. Results are sharp."}
            for who in ("Ann Lee", "Ann Leeds") for topic in ("bandits", "kernels")]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("Which papers by Ann Lee study bandits?")
    assert a.kind == "listing" and [p["paper_id"] for p in a.papers] == ["ebandits"]
    assert a.answer.splitlines()[0] == (
        "1 paper by Ann Lee in the indexed abstracts matches \u201cbandits\u201d:")
    a = fast_chat.ask("Which papers by Ann Lee study protein folding?")
    assert a.refused and "no indexed paper by Ann Lee matches \u201cprotein folding\u201d" in a.answer
    a = fast_chat.ask("What did Ann Lee work on?")
    assert a.kind == "metadata" and sorted(p["paper_id"] for p in a.papers) == [
        "ebandits", "ekernels"]


def test_a_paper_with_no_close_neighbour(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Papers similar to X" where nothing else is close: the paper itself, and the first line
    says no other paper is close."""
    rows = [{"id": "lone", "title": "Quantum annealing schedules",
             "abstract": "Annealing schedules for qubits. Tunnelling helps."},
            {"id": "far", "title": "Medieval poetry", "abstract": "Rhymes of troubadours. Lutes."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("Papers similar to \u201cQuantum annealing schedules\u201d?")
    assert [p["paper_id"] for p in a.papers] == ["lone"]
    assert a.answer.splitlines()[0] == (
        "No other paper in the indexed abstracts is close in meaning to \u201cQuantum annealing "
        "schedules\u201d; the paper itself:")


def test_papers_like_one_paper_from_a_venue(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Which COLT papers are similar to X?": its neighbours from COLT only."""
    text = "Annealing schedules for qubits. Tunnelling helps."
    rows = [{"id": "lone", "title": "Quantum annealing schedules", "abstract": text,
             "conference": "AISTATS", "year": 2024},
            {"id": "colt", "title": "Quantum annealing", "abstract": text, "conference": "COLT",
             "year": 2024},
            {"id": "aistats", "title": "Annealing", "abstract": text, "conference": "AISTATS",
             "year": 2024}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("Which COLT papers are similar to Quantum annealing schedules?")
    assert [p["paper_id"] for p in a.papers] == ["lone", "colt"]
    assert a.answer.splitlines()[0].startswith(
        "The 1 paper from COLT in the indexed abstracts closest in meaning to")


def test_a_status_and_an_institution_named_in_the_question_filter(fast_chat: PaperChat,
                                                                  tmp_path: Path) -> None:
    """"Which orals study bandits?", "papers from MIT on bandits": the status and the
    affiliations the records give filter the listing, and its first line says so; an
    institution is found by its other spellings ("MIT", "Massachusetts Institute of
    Technology") and as whole words ("MIT" is not in "Smith"); where some papers give no
    affiliations, the first line says how many do; "from the DeepMind Control Suite" is a
    topic, not an institution."""
    places = {"mit": ["Massachusetts Institute of Technology", ""], "mit2": ["MIT CSAIL", ""],
              "smith": ["Smith College", ""], "cmu": ["", "Carnegie Mellon University"],
              "none": [], "dm": ["Google DeepMind", ""]}
    rows = [{"id": f"{pid}-{status}", "title": f"Bandits {pid} {status}",
             "abstract": f"We study bandit problems {pid}. Regret bounds follow.",
             "authors": ["Ann Lee", "Bo Chen"], "affiliations": aff, "status": status,
             "conference": "COLT", "year": 2024}
            for pid, aff in places.items() for status in ("Oral", "Poster")]
    rows.append({"id": "suite", "title": "Control", "abstract": "We evaluate on the DeepMind "
                 "Control Suite with bandit feedback.", "status": "Poster"})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    assert sorted(_listed(fast_chat, "Which orals study bandits?")) == sorted(
        f"{pid}-Oral" for pid in places)
    assert "Oral)" not in fast_chat.ask("Which orals study bandits?").answer  # asked for
    lines = fast_chat.ask("Which papers study bandit problems?").answer.splitlines()[1:]
    # a status other than most papers' is shown beside the authors
    assert sorted(line.endswith("Oral):") for line in (x.split(": ")[0] + ":" for x in lines)
                  ) == [False] * 6 + [True] * 6
    assert not any("\u00b7 Poster" in line for line in lines)
    a = fast_chat.ask("Which oral papers from MIT study bandits?")
    assert sorted(p["paper_id"] for p in a.papers) == ["mit-Oral", "mit2-Oral"]
    assert a.answer.splitlines()[:2] == [
        "Affiliations are given for 10 of the 13 indexed papers; the others cannot be matched "
        "to \u201cMIT\u201d.",
        "2 papers among the orals with an author at MIT in the indexed abstracts match "
        "\u201cbandits\u201d:"]
    assert sorted(_listed(fast_chat, "Which papers are from Carnegie Mellon University?")) == [
        "cmu-Oral", "cmu-Poster"]
    a = fast_chat.ask("Which papers were accepted as spotlights?")  # no such status: a topic
    assert not a.papers or all(p["status"] != "Spotlight" for p in a.papers)
    a = fast_chat.ask("Which COLT 2024 orals are from DeepMind?")
    assert a.kind == "metadata" and [p["paper_id"] for p in a.papers] == ["dm-Oral"]
    assert a.answer.splitlines()[1] == "The index holds 1 COLT 2024 oral with authors at DeepMind:"
    a = fast_chat.ask("Which papers use the DeepMind Control Suite?")
    assert [p["paper_id"] for p in a.papers][:1] == ["suite"] and "Affiliations" not in a.answer


def test_an_institution_naming_the_papers_and_several_institutions(fast_chat: PaperChat,
                                                                    tmp_path: Path) -> None:
    from rag.institutions import institutions_said

    """"Which MIT papers ...", "What did MIT publish on X?", "papers by MIT researchers" name
    the institution as "papers from MIT" do; "from MIT or Stanford", "from MIT, Stanford and
    CMU" each of them, "from both MIT and Stanford" (also "collaborations between ...") the
    papers with authors at both, and a name holding "and" whole; an author's name stays an author's, a
    topic word before "papers" a topic; a name never spans two authors' affiliations."""
    places = {"mit": ["MIT", ""], "stan": ["", "Stanford University"],
              "cmu": ["Carnegie Mellon University", ""], "smith": ["Smith College", ""],
              "hk": ["Hong Kong University of Science and Technology"],
              "both": ["MIT", "Stanford University"]}
    rows = [{"id": pid, "title": f"Bandits {pid}", "authors": ["Ann Lee", "Bo Chen"][:len(aff)],
             "abstract": f"We study bandit problems {pid}. Regret bounds follow.",
             "affiliations": aff} for pid, aff in places.items()]
    rows.append({"id": "mit-vision", "title": "Segmenting images", "authors": ["Cy Dunn"],
                 "abstract": "We segment images with transformers.", "affiliations": ["MIT"]})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question in ("Which MIT papers study bandits?", "What did MIT publish on bandits?",
                     "MIT papers on bandits", "Which papers by MIT researchers study bandits?",
                     "What has the Massachusetts Institute of Technology published on bandits?",
                     "what does MIT have on bandits?"):  # ("MIT have" a topic word)
        assert _listed(fast_chat, question) == ["both", "mit"], question
    assert _listed(fast_chat, "Which papers by researchers at Stanford study bandits?") == [
        "both", "stan"]
    assert _listed(fast_chat, "What did researchers from Stanford publish on bandits?") == [
        "both", "stan"]
    # a question that is only an institution's name: its papers (a search for the name)
    for question in ("Stanford", "Stanford University?"):
        assert _listed(fast_chat, question) == ["both", "stan"], question
    # the papers of authors at both (they were those of either, or of none: "between" no lead)
    for question in ("papers from both MIT and Stanford", "collaborations between MIT and Stanford",
                     "bandit papers co-authored by MIT and Stanford researchers",
                     "papers co-authored by MIT and Stanford researchers on bandits",
                     "joint papers of MIT and Stanford", "joint work by MIT and Stanford"):
        assert _listed(fast_chat, question) == ["both"], question
    assert fast_chat.index.filter_ids(affiliation="MIT & Stanford") == ["both"]  # the UI's box
    assert institutions_said("MIT & Stanford & CMU") == "all of MIT, Stanford and CMU"
    # ... not where the question says "or", or a joint word is of its topic, or "between" is
    # no collaboration's
    plan = fast_chat.answerer().plan("papers from MIT or Stanford on collaborative bandits",
                                     None, None)
    assert (plan.filters.affiliation, plan.topic) == ("MIT or Stanford", "collaborative bandits")
    assert not fast_chat.answerer().plan("What is the relationship between MIT and Stanford "
                                         "bandits?", None, None).filters.affiliation
    a = fast_chat.ask("papers from both MIT and Stanford")
    assert "1 paper with authors at both MIT and Stanford" in a.answer.splitlines()[0], a.answer
    # the papers' authors named as people with an affiliation ("author", "written" were
    # words to find)
    for question in ("papers with authors from Stanford on bandits",
                     "Which papers have an author affiliated with Stanford?",
                     "bandit papers written by people from Stanford",
                     "papers that have researchers at Stanford"):
        assert _listed(fast_chat, question) == ["both", "stan"], question
    a = fast_chat.ask("what did researchers at MIT work on?")  # all theirs ("work" a verb)
    assert a.kind == "metadata" and sorted(p["paper_id"] for p in a.papers) == [
        "both", "mit", "mit-vision"]
    a = fast_chat.ask("Which papers from MIT or Stanford study bandits?")
    assert sorted(p["paper_id"] for p in a.papers) == ["both", "mit", "stan"]
    assert "3 papers with an author at MIT or Stanford in the indexed abstracts" in a.answer
    assert _listed(fast_chat, "Which papers are from MIT, Stanford and CMU?") == [
        "both", "cmu", "mit", "mit-vision", "stan"]
    assert _listed(fast_chat, "Which papers from Hong Kong University of Science and "
                              "Technology study bandits?") == ["hk"]
    assert _listed(fast_chat, "What did MIT work on?") == ["both", "mit", "mit-vision"]
    assert _listed(fast_chat, "What do MIT researchers study?") == ["both", "mit", "mit-vision"]
    a = fast_chat.ask("How many papers did MIT publish?")  # (was read as an author's name)
    assert a.count == 3 and a.answer.startswith("The index holds 3 papers with authors at MIT")
    plan = fast_chat.answerer().plan("What did Ann Lee work on?", None, None)
    assert plan.kind == "metadata" and plan.filters.author == "Ann Lee"
    plan = fast_chat.answerer().plan("Which Transformer papers study bandits?", None, None)
    assert not plan.filters.affiliation and "Transformer" in plan.query
    assert fast_chat.index.filter_ids(affiliation="MIT Stanford") == []  # two authors' lines
    # typed in lowercase in the UI's box: as the table writes it
    assert sorted(fast_chat.index.filter_ids(affiliation="mit") or []) == [
        "both", "mit", "mit-vision"]


def test_what_about_a_follow_up_naming_only_what_changes(fast_chat: PaperChat,
                                                          tmp_path: Path) -> None:
    """"What about X?", "how about X?", "and X?" ask the last question again with X in place
    of what it named of X's kind: its topic, status, venue and years, institution or author
    (added where it named none); "and which of them ...?" still narrows, "what about their
    limitations?" is about the last answer's papers."""
    rows = []
    for i, (topic, status, venue, year, aff, author) in enumerate([
            ("bandit problems", "Oral", "COLT", 2024, "MIT", "Ann Lee"),
            ("bandit problems", "Spotlight", "COLT", 2024, "Stanford University", "Bo Chen"),
            ("bandit problems", "Oral", "COLT", 2025, "Stanford University", "Ann Lee"),
            ("bandit problems", "Oral", "ALT", 2024, "MIT", "Bo Chen"),
            ("federated learning", "Oral", "COLT", 2024, "MIT", "Ann Lee"),
            ("federated learning", "Spotlight", "ALT", 2025, "Stanford University", "Bo Chen")]):
        rows.append({"id": f"p{i}", "title": f"On {topic} {i}", "status": status,
                     "abstract": f"We study {topic} in setting {i}. Bounds follow.",
                     "conference": venue, "year": year, "authors": [author],
                     "affiliations": [aff]})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()

    def ids(answer: Answer) -> list[str]:
        return sorted(p["paper_id"] for p in answer.papers)

    conv = Conversation()
    assert ids(fast_chat.ask("Which orals study bandit problems?", conv)) == ["p0", "p2", "p3"]
    assert ids(fast_chat.ask("And spotlights?", conv)) == ["p1"]
    a = fast_chat.ask("What about federated learning?", conv)
    assert a.kind == "listing" and ids(a) == ["p5"]
    assert conv.turns[-1].standalone == "Which spotlight papers study federated learning?"
    # after a narrowing by words, or "which of the X papers ...?" naming no listing, the topic
    # (it was "which papers study federated learning)", "and which of the federated learning?")
    reader = fast_chat.answerer().reader
    assert [reader._what_about("what about federated learning?", last) for last in (
        "Which papers study bandit problems? (theoretical)", "Which papers study bandit "
        "problems? (2024)", "and which of the bandit papers are theoretical?")] == [
        "Which papers study federated learning?", "Which papers study federated learning? "
        "(2024)", "Which papers study federated learning?"]
    # ... a status after a narrowing by one: the question it narrowed, with that status (it
    # kept "(orals)" as words to find)
    assert reader._what_about("and spotlights?",
                              "Which papers study bandit problems? (orals)") == (
        "Which spotlight papers study bandit problems?")
    # ... a status named with the papers' word alone: "show me the orals", "list the posters",
    # "the spotlights?" after a list keep its topic (each listed every one of the catalog)
    for question, status in (("show me the orals", "oral"), ("list the posters", "poster"),
                             ("the spotlights?", "spotlight")):
        assert reader._what_about(question, "Which papers study bandit problems?") == (
            f"Which {status} papers study bandit problems?"), question
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    assert ids(fast_chat.ask("the spotlights?", conv)) == ["p1"]  # (not "p5" too)
    conv = Conversation()  # ... after an answer on one paper: the catalog's (the review's: it
    fast_chat.ask("Who wrote On bandit problems 0?", conv)  # asked "who wrote ... spotlight
    assert ids(fast_chat.ask("show me the spotlights", conv)) == ["p1", "p5"]  # papers?")
    # ... an author's papers named with them: a question of its own (it put them in the last)
    assert reader._what_about("what about Ann Lee's papers on federated learning?",
                              "What did Bo Chen work on?") == (
        "Ann Lee's papers on federated learning?")
    # a correction ("no, I meant X", "X instead"): X in place, the filler words no topic
    for question in ("What about federated learning instead?", "no, I meant federated learning",
                     "Sorry, I meant federated learning, not bandits",
                     "I mean federated learning rather than bandits"):
        assert fast_chat.answerer().reader._what_about(
            question, "Which spotlight papers study bandit problems?") == (
            "Which spotlight papers study federated learning?"), question
    assert fast_chat.answerer().reader._what_about(
        "What about 2025 instead?", "Which COLT 2024 papers study bandits?") == (
        "Which COLT 2025 papers study bandits?")
    conv = Conversation()
    fast_chat.ask("Which COLT 2024 papers from MIT study bandit problems?", conv)
    assert ids(fast_chat.ask("How about Stanford?", conv)) == ["p1"]
    assert ids(fast_chat.ask("And 2025?", conv)) == ["p2"]
    assert ids(fast_chat.ask("What about ALT?", conv)) == []  # ALT 2025, Stanford, bandits
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    assert ids(fast_chat.ask("And the ones from MIT?", conv)) == ["p0", "p3"]
    assert ids(fast_chat.ask("And which of them are from 2024?", conv)) == ["p0", "p3"]
    # "which" with no noun after a listing asks of its papers (it was all the corpus's orals)
    assert ids(fast_chat.ask("Which are orals?")) == ["p0", "p2", "p3", "p4"]
    for question, among in (("Which are orals?", ["p0", "p2", "p3"]),
                            ("Which ones are by Bo Chen?", ["p1", "p3"]),
                            ("Of those, which are Ann Lee's?", ["p0", "p2"]),
                            ("Which of them did Chen write?", ["p1", "p3"])):  # "write": a word
        conv = Conversation()
        fast_chat.ask("Which papers study bandit problems?", conv)
        assert ids(fast_chat.ask(question, conv)) == among, question
    # ... not where it asks for papers on a topic of their own: a new search (they were
    # searched among the bandit papers: none), and its verb is no word to find
    for question, among in (("What's new in federated learning?", ["p4", "p5"]),
                            ("Which are the latest papers on federated learning?", ["p4", "p5"]),
                            ("Which address bandit problems?", ["p0", "p1", "p2", "p3"])):
        conv = Conversation()
        fast_chat.ask("Which papers study bandit problems?", conv)
        assert ids(fast_chat.ask(question, conv)) == among, question
    # ... after a question on the listing's papers ("what do they propose?"): of the listing
    # (the status was joined to that question's words: refused; so was "the spotlights" right
    # after a listing: "which spotlight study X?")
    conv = Conversation()  # a question of papers of its own naming "their": that one, not the
    fast_chat.ask("Which papers study bandit problems?", conv)  # one before (its own reading
    fast_chat.ask("Which papers study federated learning and their bounds?", conv)  # joins
    assert "p5" in ids(fast_chat.ask("What about ALT?", conv))  # the bandit topic to it)
    fast_chat.ask("Which papers study bandit problems?", conv)  # ... also with no "which"
    a = fast_chat.ask("papers on federated learning and their bounds", conv)
    assert "bandit" not in a.standalone_query.lower() and "p5" in ids(a), a.standalone_query
    for question, among in (("And the spotlights?", ["p1"]), ("What about COLT 2025?", ["p2"]),
                            ("And the ones from MIT?", ["p0", "p3"]),
                            ("from COLT 2024", ["p0", "p1"]), ("only at ALT", ["p3"]),  # (new
                            ("at MIT", ["p0", "p3"]),  # questions: every COLT 2024 paper)
                            ("only ALT", ["p3"]), ("just spotlights", ["p1"])):
        for between in ((), ("What do they propose?",)):
            conv = Conversation()
            for asked in ("Which papers study bandit problems?", *between):
                fast_chat.ask(asked, conv)
            assert ids(fast_chat.ask(question, conv)) == among, (question, between)
    conv = Conversation()
    assert ids(fast_chat.ask("What did Ann Lee work on?", conv)) == ["p0", "p2", "p4"]
    assert ids(fast_chat.ask("And federated learning?", conv)) == ["p4"]
    assert ids(fast_chat.ask("What about Bo Chen?", conv)) == ["p5"]
    answerer = fast_chat.answerer()
    assert answerer.reader._what_about("What about their limitations?", "Which papers study X?") is None
    assert answerer.reader._what_about("And which are orals?", "Which papers study X?") is None
    assert answerer.reader._what_about("in robotics", "Which papers study X?") is None
    assert answerer.reader._what_about("only those on robotics", "Which papers study X?") is None


def test_an_institution_where_no_paper_gives_affiliations(fast_chat: PaperChat,
                                                          tmp_path: Path) -> None:
    """Without affiliations in the catalog, "papers from Stanford University on bandits" lists
    the papers on bandits and says the institution cannot be matched; "papers from DeepMind"
    lists those naming it and says that is what they are."""
    rows = [{"id": "b", "title": "Bandits", "abstract": "We study bandit problems."},
            {"id": "d", "title": "Agents", "abstract": "DeepMind agents play games."},
            {"id": "k", "title": "Kernels", "abstract": "We study kernel methods."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("Which papers from Stanford University study bandits?")
    assert [p["paper_id"] for p in a.papers] == ["b"]
    assert a.answer.splitlines()[0] == (
        "The indexed papers give no affiliations, so \u201cStanford University\u201d cannot be "
        "matched; listed are the papers on the rest of the question.")
    for question in ("Which papers are from DeepMind?", "how many papers are from DeepMind?",
                     "how many papers did DeepMind people write?"):  # (the last two searched
        a = fast_chat.ask(question)  # "many", "people write", said it searched the rest)
        assert [p["paper_id"] for p in a.papers] == ["d"], (question, a.answer)
        assert a.answer.splitlines()[0].startswith(
            "The indexed papers give no affiliations; listed instead are the papers whose text "
            "names"), (question, a.answer)
    assert "affiliations" not in fast_chat.ask("Which papers study bandits?").answer
    for question in ("which ones are from DeepMind?", "which of them are from DeepMind?"):
        conv = Conversation()  # of a list: those naming it (it searched "ones": refused,
        fast_chat.ask("Which papers study bandits or agents?", conv)  # "None match “which
        a = fast_chat.ask(question, conv)  # ones are from DeepMind?”")
        assert [p["paper_id"] for p in a.papers] == ["d"], (question, a.answer)
    conv = Conversation()  # "which is the most recent?" where the papers give no years (it
    fast_chat.ask("Which papers study bandits or kernels?", conv)  # narrowed to "recent")
    assert fast_chat.ask("which is the most recent?", conv).answer == prompts.NO_YEARS
    _ingest_rows(fast_chat, tmp_path / "venues.jsonl", _venue_rows())
    conv = Conversation()  # all of one year: said so (it listed them all as "from 2024")
    fast_chat.ask("Which COLT 2024 papers study bandit problems?", conv)
    assert fast_chat.ask("which one is the newest?", conv).answer == prompts.render(
        prompts.ONE_YEAR, count=2, year=2024)
    # "what about MIT?" takes the place of the institution the last question named
    assert fast_chat.answerer().reader._what_about(
        "What about MIT?", "Which papers from Stanford study bandits?") == (
        "Which papers from MIT study bandits?")


def test_names_typed_in_lowercase_and_authors_called_by_their_last_name(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """A question typed in lowercase finds authors, institutions and short venue names as one
    typed in capitals does ("what did yoshua bengio work on?", "papers from mit", "colt 2024
    papers"), an author's name also without its accents and initials ("Scholkopf", "Zico
    Kolter"), and one of four words; a last name alone is an author's where the question says
    so ("papers by Bengio", "what did Bengio work on?", "Bengio's papers", "what did van der
    Schaar publish?") and at most five
    authors have it (each of them then; where more have it, the answer asks which one, or with
    a topic lists every one's papers on it); "Bengio's papers on X" lists theirs on X,
    "summarize ..." summarizes those. A question in capitals keeps its words ("meta learning"
    is no institution)."""
    people = [("yb", "Yoshua Bengio", "MIT"), ("sb", "Samy Bengio", "Stanford University"),
              ("bv", "Ann Bengiovanni", "MIT"), ("l1", "Wei Li", "MIT"), ("l2", "Jun Li", ""),
              ("l3", "Bo Li", ""), ("l4", "Yan Li", ""), ("l5", "Hao Li", ""),
              ("l6", "Tao Li", ""), ("bs", "Bernhard Schölkopf", ""),
              ("zk", "J. Zico Kolter", ""), ("vs", "Mihaela van der Schaar", ""),
              ("dh", "David Hand", ""), ("lg", "Ann Liang", "")]
    rows = [{"id": f"{pid}-{topic[:4]}", "title": f"On {topic} {pid}", "authors": [name],
             "abstract": f"We study {topic} in setting {pid}. Bounds follow.",
             "affiliations": [aff], "conference": "COLT", "year": 2024}
            for pid, name, aff in people for topic in ("generative flows", "kernel methods")]
    rows.append({"id": "meta", "title": "Meta learning", "authors": ["Cy Dunn"],
                 "abstract": "We study meta learning for few-shot tasks.", "affiliations": ["Meta"],
                 "conference": "UAI", "year": 2023})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    answerer = fast_chat.answerer()
    plan = answerer.plan("what did yoshua bengio work on?", None, None)
    assert plan.kind == "metadata" and plan.author == "Yoshua Bengio"
    assert _listed(fast_chat, "what did yoshua bengio work on?") == ["yb-gene", "yb-kern"]
    for question in ("What did Bernhard Scholkopf work on?",  # accents or not
                     "Which papers are by Scholkopf?", "what did schölkopf work on?"):
        assert _listed(fast_chat, question) == ["bs-gene", "bs-kern"], question
    assert _listed(fast_chat, "What did Zico Kolter work on?") == ["zk-gene", "zk-kern"]
    assert _listed(fast_chat, "papers by mihaela van der schaar") == ["vs-gene", "vs-kern"]
    for question in ("What did van der Schaar publish at COLT?",  # a last name with particles:
                     "What did van der Schaar work on?", "van der Schaar's papers"):  # refused
        assert _listed(fast_chat, question) == ["vs-gene", "vs-kern"], question
    assert fast_chat.index.authors_surnamed("KOLTER") == ["J. Zico Kolter"]
    for question in ("What did Bengio work on?", "what did bengio work on?",
                     "Which papers are by Bengio?", "Bengio's papers"):
        assert _listed(fast_chat, question) == ["sb-gene", "sb-kern", "yb-gene", "yb-kern"], (
            question)
    a = fast_chat.ask("Which papers by Bengio study generative flows?")
    assert sorted(p["paper_id"] for p in a.papers) == ["sb-gene", "yb-gene"]
    assert "by Samy Bengio or Yoshua Bengio" in a.answer.splitlines()[0]
    a = fast_chat.ask("Which papers by Bengio are from MIT?")  # "Bengio" was a word to find
    assert sorted(p["paper_id"] for p in a.papers) == ["yb-gene", "yb-kern"]
    assert "by Yoshua Bengio" in a.answer  # the Bengio who wrote them
    assert "Samy" not in a.answer
    for question in ("Yoshua Bengio's papers on generative flows",
                     "Yoshua Bengio's generative flows papers"):  # a listing, not a summary
        plan = answerer.plan(question, None, None)
        assert (plan.kind, plan.author, plan.topic) == ("listing", "Yoshua Bengio",
                                                        "generative flows"), question
    assert _listed(fast_chat, "Yoshua Bengio's papers on generative flows") == ["yb-gene"]
    for question in ("Summarize Yoshua Bengio's papers on generative flows",
                     "What did Yoshua Bengio work on in generative flows?"):
        plan = answerer.plan(question, None, None)
        assert (plan.kind, plan.author, plan.topic) == ("summary", "Yoshua Bengio",
                                                        "generative flows"), question
    for question in ("John Bengio's papers",  # no such author
                     "which papers study kernel methods by hand?"):  # an idiom (David Hand)
        assert not answerer.plan(question, None, None).author, question
    # six authors named Li: which one is meant cannot be told; with a topic, every Li's on it
    plan = answerer.plan("What did Li work on?", None, None)
    assert not plan.author and len(plan.ambiguous) == 6
    a = fast_chat.ask("What did Li work on?")
    assert a.refused and not a.papers and a.answer.startswith(
        "6 indexed authors are named Li, among them Bo Li (2 papers), Hao Li (2 papers), "
        "Jun Li (2 papers): ask with the full name, as in \u201cWhat did Bo Li work on?\u201d")
    a = fast_chat.ask("Which papers by Li study kernel methods?")
    assert sorted(p["paper_id"] for p in a.papers) == [f"l{i}-kern" for i in range(1, 7)]
    # a first name one author has is theirs ("papers by Mihaela" was a search for "Mihaela")
    assert _listed(fast_chat, "papers by Mihaela") == ["vs-gene", "vs-kern"]
    assert a.answer.splitlines()[0].startswith("6 papers by an author named Li in the indexed "
                                               "abstracts match \u201ckernel methods\u201d")
    # "what about X?" after an author's question: another author, by name or last name
    conv = Conversation()
    fast_chat.ask("What did Wei Li work on?", conv)
    assert sorted(p["paper_id"] for p in fast_chat.ask("What about Bengio?", conv).papers) == [
        "sb-gene", "sb-kern", "yb-gene", "yb-kern"]
    a = fast_chat.ask("What about yoshua bengio?", conv)
    assert a.kind == "metadata" and sorted(p["paper_id"] for p in a.papers) == [
        "yb-gene", "yb-kern"]
    assert fast_chat.index.filter_ids(author="Wei Li or Jun Li") == ["l1-gene", "l1-kern",
                                                                     "l2-gene", "l2-kern"]
    # institutions and venues typed in lowercase
    assert _listed(fast_chat, "which papers from mit study kernel methods?") == [
        "bv-kern", "l1-kern", "yb-kern"]
    assert _listed(fast_chat, "which stanford papers study kernel methods?") == ["sb-kern"]
    assert answerer.plan("which papers from meta study meta learning?", None,
                         None).filters.affiliation == "Meta"
    for question, kind in (("colt 2024 papers on generative flows", "listing"),
                           ("UAI papers on meta learning", "listing"),
                           ("Summarize the UAI papers on meta learning", "summary"),
                           ("Summarize meta learning papers", "summary")):
        assert answerer.plan(question, None, None).kind == kind, question
    assert _listed(fast_chat, "colt 2024 papers on generative flows") == [
        f"{pid}-gene" for pid in ("bs", "bv", "dh", "l1", "l2", "l3", "l4", "l5", "l6", "lg",
                                  "sb", "vs", "yb", "zk")]
    assert answerer.plan("which uai papers study meta learning?", None, None).filters.venue == (
        "UAI")
    # in a question with capitals, a short venue name only as written, or before a full
    # year ("colt 2024 papers from MIT"; its capitals had kept it a word)
    assert not answerer.plan("Which colt papers study Kernel methods?", None,
                             None).filters.venue
    assert answerer.plan("Which colt 2024 papers study Kernel methods?", None,
                         None).filters.venue == "COLT"
    # ... and at the start of a sentence or in "I" a capital is no capital typed ("Thanks!"
    # made "from mit" a topic), nor a venue written in capitals ("corl 2025 papers from mit")
    assert _listed(fast_chat, "which papers from mit study kernel methods? Thanks!") == [
        "bv-kern", "l1-kern", "yb-kern"]
    assert _listed(fast_chat, "colt 2024 papers from mit on kernel methods") == [
        "bv-kern", "l1-kern", "yb-kern"]
    assert answerer.plan("what did colt publish on kernel methods?", None,
                         None).filters.venue == "COLT"
    plan = answerer.plan("which meta learning papers study few-shot tasks?", None, None)
    assert not plan.filters.affiliation and "meta" in plan.query


def test_a_misspelled_author_name_is_read_as_the_closest_author(fast_chat: PaperChat,
                                                                 tmp_path: Path) -> None:
    """Where a question says a name no author has is an author's ("what did Kaiyi Jin work
    on?", "papers by Peter Abbeel on X", "Joshua Bengio's papers"), it is read as the name of
    the catalog one edit away that shares a word with it, or one edit away in each word of
    four letters or more ("Sergei Levin"), and the answer says so first; initials and a last
    name ("Y. Bengio") are the authors of that name with that first initial; a short name ("Yi
    Mao") or one sharing no word with a word under four letters ("Kaiyo Jin") is no
    misspelling, and two as close are both taken."""
    people = [("kj", "Kaiyi Ji"), ("pa", "Pieter Abbeel"), ("yb", "Yoshua Bengio"),
              ("sl", "Sergey Levine"),
              ("ym", "Yi Ma"), ("ja", "Jun Wang"), ("jb", "Jin Wang"), ("lf", "Li Fei-Fei"),
              ("fl", "Feifei Li")]
    rows = [{"id": f"{pid}-{topic[:4]}", "title": f"On {topic} {pid}", "authors": [name],
             "abstract": f"We study {topic} in setting {pid}. Bounds follow."}
            for pid, name in people for topic in ("bilevel optimization", "kernel methods")]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    answerer = fast_chat.answerer()
    for question, author, listed in (
            ("What did Kaiyi Jin work on?", "Kaiyi Ji", ["kj-bile", "kj-kern"]),
            ("what did peter abbeel publish?", "Pieter Abbeel", ["pa-bile", "pa-kern"]),
            ("Summarize Joshua Bengio's papers", "Yoshua Bengio", ["yb-bile", "yb-kern"]),
            ("Which papers by Peter Abbeel study kernel methods?", "Pieter Abbeel",
             ["pa-kern"]),
            ("What did Sergei Levin work on?", "Sergey Levine", ["sl-bile", "sl-kern"]),
            ("What did Y. Bengio work on?", "Yoshua Bengio", ["yb-bile", "yb-kern"]),  # initial
            ("papers by S Levine on kernel methods", "Sergey Levine", ["sl-kern"]),
            # a name the other way round (it was the closest: "Feifei Li")
            ("What did Fei-Fei Li work on?", "Li Fei-Fei", ["lf-bile", "lf-kern"]),
            ("papers by Jen Wang", "Jin Wang or Jun Wang", ["ja-bile", "ja-kern", "jb-bile",
                                                           "jb-kern"])):
        plan = answerer.plan(question, None, None)
        assert plan.author == author, question
        assert _listed(fast_chat, question) == listed, question
    a = fast_chat.ask("What did Kaiyi Jin work on?")
    assert a.answer.splitlines()[0] == (
        "No indexed author is named \u201cKaiyi Jin\u201d; read as Kaiyi Ji.")
    assert {p["paper_id"] for p in a.papers} == {"kj-bile", "kj-kern"}
    conv = Conversation()  # "what about X?" after an author's question, X misspelled
    fast_chat.ask("Which papers by Yoshua Bengio study kernel methods?", conv)
    a = fast_chat.ask("What about Peter Abbeel?", conv)
    assert [p["paper_id"] for p in a.papers] == ["pa-kern"]
    assert a.answer.splitlines()[0] == (
        "No indexed author is named \u201cPeter Abbeel\u201d; read as Pieter Abbeel.")
    for question in ("What did Yi Mao work on?",  # too short to tell
                     "What did Kaiyo Jin work on?",  # no word shared, "Jin" short
                     "What did Sergei Levinson work on?",  # "Levinson": two edits
                     "What did Kaiyi Ji work on?"):  # a name the catalog holds
        plan = answerer.plan(question, None, None)
        assert not plan.author_typed, question
    for question, author in (("List papers by Kaiyi Ji.", "Kaiyi Ji"),  # a full stop after
                             ("Papers by Sergey Levine.", "Sergey Levine")):  # it (it said "No
        plan = answerer.plan(question, None, None)  # indexed author is named “Kaiyi Ji.”")
        assert (plan.author, plan.author_typed) == (author, ""), question
    assert answerer.plan("What did Kaiyi Ji work on?", None, None).author == "Kaiyi Ji"
    # a last name alone, misspelled: the authors of the closest last name (one edit, same
    # first letter), said so; not a word the papers write, not one under five letters
    for question, author, typed in (
            ("What did abeel work on?", "Pieter Abbeel", "abeel"),
            ("papers by Bengoi on kernel methods", "Yoshua Bengio", "Bengoi"),
            ("Levnie's papers", "Sergey Levine", "Levnie")):
        plan = answerer.plan(question, None, None)
        assert (plan.author, plan.author_typed) == (author, typed), question
    a = fast_chat.ask("What did abeel work on?")
    assert a.answer.splitlines()[0] == (
        "No indexed author is named \u201cabeel\u201d; read as Pieter Abbeel.")
    assert {p["paper_id"] for p in a.papers} == {"pa-bile", "pa-kern"}
    for question in ("papers by Bounds",  # a word the papers write
                     "What did Levinson work on?",  # two edits from "Levine"
                     "What did Mevine work on?",  # another first letter than "Levine"
                     "papers by Mo"):  # under five letters
        assert not answerer.plan(question, None, None).author, question


def test_which_one_is_the_simplest_is_a_judgement_of_the_list(fast_chat: PaperChat,
                                                              tmp_path: Path) -> None:
    """"Which one is the simplest?" after a list asks a judgement as "which is the most
    simple?" does: said so, with those that write "simple" (it found none naming
    "simplest"); "the newest" stays the catalog's order."""
    rows = [{"id": pid, "title": f"Bandits {pid}", "abstract": text, "year": year}
            for pid, text, year in (("s1", "We propose a simple method for bandits.", 2023),
                                    ("s2", "A simple and fast method for bandits.", 2024),
                                    ("f1", "We propose a fast method for bandits.", 2024),
                                    ("e1", "An easy method for bandits follows.", 2024),
                                    ("e2", "Bandits made easy.", 2023),
                                    ("b1", "We study bandits.", 2023))]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question, ids in (("which one is the simplest?", ["s1", "s2"]),
                          ("Which of them is the fastest?", ["f1", "s2"]),
                          ("which is the easiest?", ["e1", "e2"])):
        conv = Conversation()
        fast_chat.ask("Which papers study bandits?", conv)
        a = fast_chat.ask(question, conv)
        assert sorted(p["paper_id"] for p in a.papers) == ids, (question, a.answer)
        assert a.answer.startswith(prompts.JUDGEMENT), (question, a.answer)
    conv = Conversation()
    fast_chat.ask("Which papers study bandits?", conv)
    assert not fast_chat.answerer().plan("which one is the newest?", conv, None).judged


def test_an_authors_papers_under_a_filter_none_of_them_has_say_where_theirs_are(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Which 2025 papers did Ann Lee write?" where none of hers is from 2025: said of her (it
    said no paper "matches “Ann Lee”", as if she were a topic), with the venues and years of
    those the index holds; a venue the index does not hold is said as a listing says it."""
    rows = [{"id": pid, "title": f"On bandits {pid}", "authors": authors, "conference": venue,
             "year": year, "abstract": f"We study bandits in setting {pid}."}
            for pid, authors, venue, year in (("a1", ["Ann Lee"], "COLT", 2024),
                                              ("a2", ["Ann Lee", "Bo Chen"], "COLT", 2024),
                                              ("a3", ["Ann Lee"], "ALT", 2023),
                                              ("b1", ["Bo Chen"], "COLT", 2025))]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    fast_chat.ask("What did Ann Lee work on?", conv)
    for question, in_conv in (("Which 2025 papers did Ann Lee write?", None),
                              ("how many papers does she have in 2025?", conv)):
        a = fast_chat.ask(question, in_conv)
        assert a.refused and a.answer == (
            f"{prompts.CANNOT_ANSWER_PHRASE}: no indexed paper by Ann Lee from 2025. The index "
            "holds 3 papers by Ann Lee, from ALT 2023 and COLT 2024."), (question, a.answer)
    a = fast_chat.ask("Which 2025 papers has Ann Lee written as first author?")  # only some
    assert a.refused and "The index holds" not in a.answer, a.answer  # of hers: not counted
    a = fast_chat.ask("papers by Ann Lee at ICML")
    assert a.answer == (f"{prompts.CANNOT_ANSWER_PHRASE}: no indexed paper by Ann Lee from "
                        "ICML. The index holds no ICML papers; its venues are ALT and COLT.")
    assert sorted(p["paper_id"] for p in fast_chat.ask(
        "Which 2024 papers did Ann Lee write?").papers) == ["a1", "a2"]


def test_papers_several_authors_wrote_together_or_either_wrote(fast_chat: PaperChat,
                                                                tmp_path: Path) -> None:
    """"Papers by A and B", "Which papers did A and B write together?", "co-authored by A and
    B", "A's papers with B" are the papers both wrote (with a topic, those on it); "papers by
    A or B" and "what did A and B work on?" those either wrote; "as an author", "what topics
    does A work on?" read no topic word (each was a refusal, "B" or "topics" a word to
    find). "Who are her co-authors?" counts the last answer's, also after a refusal, and says
    where the author wrote alone."""
    rows = [{"id": pid, "title": f"On {topic} {pid}", "authors": authors,
             "abstract": f"We study {topic} in setting {pid}."}
            for pid, authors, topic in (("ab", ["Ann Lee", "Bo Chen"], "bandits"),
                                        ("ab2", ["Bo Chen", "Cy Dunn", "Ann Lee"], "kernels"),
                                        ("a", ["Ann Lee"], "bandits"),
                                        ("b", ["Bo Chen", "Cy Dunn"], "bandits"),
                                        ("z", ["Al Lee"], "kernels"))]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question in ("Which papers did Ann Lee and Bo Chen write together?",
                     "papers co-authored by Ann Lee and Bo Chen", "papers by Ann Lee and Bo Chen",
                     "Ann Lee's papers with Bo Chen", "joint papers by Ann Lee and Bo Chen"):
        assert _listed(fast_chat, question) == ["ab", "ab2"], question
    assert _listed(fast_chat, "Which papers by Ann Lee and Bo Chen study bandits?") == ["ab"]
    assert _listed(fast_chat, "joint work by Ann Lee and Bo Chen on bandits") == ["ab"]
    assert _listed(fast_chat, "papers written by Ann Lee and Bo Chen on bandits") == ["ab"]
    # by last names (each author of it; named as those who wrote the papers found): the
    # second name was a word to find
    for question in ("papers by Lee and Chen", "What did Lee and Chen write together?",
                     "the papers of Lee and Chen", "joint work of Lee and Chen"):
        assert _listed(fast_chat, question) == ["ab", "ab2"], question
    a = fast_chat.ask("Which papers by Lee and Chen study bandits?")
    assert [p["paper_id"] for p in a.papers] == ["ab"]
    assert _listed(fast_chat, "the work of Lee and Chen on bandits") == ["ab"]
    assert a.answer.splitlines()[0].startswith("1 paper by Ann Lee and Bo Chen in the indexed")
    assert _listed(fast_chat, "papers by Lee and Dunn") == ["ab2"]
    # a last name before a full name ("Lee" was a word to find), "write with" (either's papers)
    assert _listed(fast_chat, "papers by Lee with Bo Chen") == ["ab", "ab2"]
    assert _listed(fast_chat, "What did Lee write with Chen?") == ["ab", "ab2"]
    # "co-author" as the verb ("co-author" was a word to find)
    for question in ("Which papers did Ann Lee co-author with Bo Chen?",
                     "What did Lee co-author with Chen?", "What did Lee coauthor with Chen?"):
        assert _listed(fast_chat, question) == ["ab", "ab2"], question
    assert _listed(fast_chat, "Which papers did Cy Dunn co-author?") == ["ab2", "b"]
    # "as an author" after a last name alone, "everything", the verb at the end (each was a
    # refusal: "Dunn", "everything" or "wrote" a word to find)
    assert _listed(fast_chat, "Is Cy Dunn an author on any paper about kernels?") == ["ab2"]
    assert _listed(fast_chat, "Is Dunn a co-author of any paper on bandits?") == ["b"]
    for question in ("Which papers have Dunn as an author?", "Which papers has dunn as a co-author?",
                     "list everything Cy Dunn wrote", "list all papers Cy Dunn has written",
                     "show me everything by Dunn"):
        assert _listed(fast_chat, question) == ["ab2", "b"], question
    conv = Conversation()
    fast_chat.ask("Which papers study bandits?", conv)
    a = fast_chat.ask("Which of them did Lee write with Chen?", conv)  # of those: one
    assert [p["paper_id"] for p in a.papers] == ["ab"]
    assert "by Ann Lee and Bo Chen" in a.answer.splitlines()[0]
    assert _listed(fast_chat, "Which papers by Ann Lee and Bo Chen study bandits or kernels?") == [
        "ab", "ab2"]  # the topic's "or" joins no authors
    a = fast_chat.ask("Which papers by Ann Lee and Bo Chen study bandits?")
    assert a.answer.splitlines()[0].startswith("1 paper by Ann Lee and Bo Chen in the indexed")
    assert _listed(fast_chat, "papers by Ann Lee, Bo Chen and Cy Dunn") == ["ab2"]
    assert _listed(fast_chat, "papers by Ann Lee or Cy Dunn") == ["a", "ab", "ab2", "b"]
    # a co-author left out: the author's papers without them (it read "with B" as together)
    for question in ("papers by Ann Lee but not with Bo Chen", "Ann Lee's papers without Bo Chen",
                     "Which papers by Ann Lee are not with Bo Chen?",
                     "papers by ann lee excluding those with chen"):
        assert _listed(fast_chat, question) == ["a"], question
    assert _listed(fast_chat, "Which papers by Bo Chen without Ann Lee study bandits?") == ["b"]
    a = fast_chat.ask("papers by Bo Chen but not with Cy Dunn or Ann Lee")
    assert (a.refused, a.papers) == (True, []) and "without Cy Dunn or Ann Lee" in a.answer
    a = fast_chat.ask("papers by Ann Lee but not with Bo Chen")
    assert "by Ann Lee without Bo Chen" in a.answer.splitlines()[0], a.answer
    assert _listed(fast_chat, "Which papers study bandits but not with Bo Chen?") == ["a"]
    assert _listed(fast_chat, "papers by Ann Lee excluding kernels") == ["a", "ab"]  # a topic
    a = fast_chat.ask("papers by Lee on bandits but not with Bo Chen")  # of the Lees, the one
    assert [p["paper_id"] for p in a.papers] == ["a"]  # who wrote them
    assert "by Ann Lee without Bo Chen" in a.answer.splitlines()[0], a.answer
    # the most authors among the papers left (it took the most before leaving B's out: none)
    assert _listed(fast_chat, "Which paper by Bo Chen but not with Ann Lee has the most authors?"
                   ) == ["b"]
    # ... and out of the last list, by a follow-up (it searched "by Bo Chen" as words and
    # kept all three; "which are not by Bo Chen?" was refused, "the ones not by Bo Chen"
    # searched the whole index)
    for follow_up in ("drop the ones by Bo Chen", "exclude Bo Chen's papers",
                      "remove those with Bo Chen", "leave out the papers by Chen",
                      "which are not by Bo Chen?", "the ones not by Bo Chen",
                      "papers not by Bo Chen"):
        conv = Conversation()
        fast_chat.ask("Which papers study bandits?", conv)
        a = fast_chat.ask(follow_up, conv)
        assert [p["paper_id"] for p in a.papers] == ["a"], follow_up
        assert "of the 3 from the previous answer matches \u201cbandits without Bo Chen\u201d" in (
            a.answer.splitlines()[0]), (follow_up, a.answer)
    conv = Conversation()
    fast_chat.ask("Which papers study bandits?", conv)
    a = fast_chat.ask("which of them are by Ann Lee but not with Bo Chen?", conv)
    assert [p["paper_id"] for p in a.papers] == ["a"]
    assert "include 1 paper by Ann Lee without Bo Chen" in a.answer.splitlines()[0], a.answer
    # a last name alone is left out only after "with" or "by", capitalized: "excluding lee"
    # is a topic's word
    assert not fast_chat.answerer().plan("papers on kernels excluding lee", None,
                                         None).without_authors
    assert fast_chat.answerer().plan("papers on kernels but not with Lee", None,
                                     None).without_authors == ("Al Lee or Ann Lee",)
    assert fast_chat.answerer().plan("Who has the most co-authors?", None,
                                     None).author_extreme == ""  # people counted, not papers
    # "what did A and B work on?": each one's work (it was only the papers they share)
    assert _listed(fast_chat, "What did Ann Lee and Cy Dunn work on?") == ["a", "ab", "ab2", "b"]
    assert _listed(fast_chat, "What did Ann Lee and Cy Dunn write together?") == ["ab2"]
    # the first or last author ("as the first author" was read as any author's place)
    for question, among in (("papers where Ann Lee is the first author", ["a", "ab"]),
                            ("first-authored papers by Bo Chen", ["ab2", "b"]),
                            ("Which papers have Ann Lee as the last author?", ["a", "ab2"]),
                            ("Bo Chen's senior-author papers on bandits", ["ab"]),
                            ("papers by Cy Dunn as lead author", [])):
        assert _listed(fast_chat, question) == among, question
    # a follow-up keeps the place: "what about X?", and "they" are the papers listed (all of
    # the author's were)
    conv = Conversation()
    fast_chat.ask("papers where Ann Lee is the first author", conv)
    assert [p["paper_id"] for p in fast_chat.ask("What about Bo Chen?", conv).papers] == [
        "ab2", "b"]
    assert sorted(p["paper_id"] for p in fast_chat.ask("What do they study?", conv).papers) == [
        "ab2", "b"]
    a = fast_chat.ask("papers where Lee is the first author")  # each Lee first on some
    assert sorted(p["paper_id"] for p in a.papers) == ["a", "ab", "z"]
    assert a.answer.splitlines()[0] == (
        "The index holds 3 papers by Al Lee or Ann Lee as first author:")
    # an author's co-authors, counted: not the author (first, on every paper), nor others'
    for question in ("Who co-authors most often with Ann Lee?", "Who are Ann Lee's co-authors?",
                     "who has Ann Lee worked with most?", "who does Ann Lee work with most?",
                     "Who are the most frequent collaborators of Lee?"):  # "Al Lee" wrote alone
        lines = [re.sub(r" \[.*", "", x) for x in fast_chat.ask(question).answer.splitlines()]
        assert lines[1:] == [prompts.render(prompts.TALLY_HEADER, by="co-author"),
                             "1. Bo Chen: 2 papers", "2. Cy Dunn: 1 paper"], question
    conv = Conversation()
    a = fast_chat.ask("What did Ann Lee work on?", conv)  # where "et al." would hide her: named
    assert a.answer.splitlines()[3].startswith("3. **On kernels ab2** (Bo Chen et al., with Ann "
                                               "Lee): "), a.answer
    assert "(Bo Chen et al.)" in fast_chat.ask("Which papers study kernels?").answer  # (no one
    # asked for)
    for question in ("Who are her co-authors?", "who were her co-authors on those papers?",
                     "who did she collaborate with most?",  # ("she" was read as a name)
                     "who does she work with most?",  # ("work": only "worked" was read)
                     "who are her most frequent collaborators?"):
        assert [re.sub(r" \[.*", "", x) for x in fast_chat.ask(  # (the second was refused:
            question, conv).answer.splitlines()[2:]] == [  # no paper on "co-authors")
            "1. Bo Chen: 2 papers", "2. Cy Dunn: 1 paper"], question
    assert fast_chat.ask("which of her papers are about protein folding?", conv).refused
    conv3 = Conversation()  # "with B?" after A's papers: those B wrote too (it listed B's)
    fast_chat.ask("What did Ann Lee work on?", conv3)
    assert [p["paper_id"] for p in fast_chat.ask("with Cy Dunn?", conv3).papers] == ["ab2"]
    for question in ("any papers with Cy Dunn?", "are there any with Cy Dunn?"):  # (all of
        conv4 = Conversation(conv3.turns[:1])  # Cy Dunn's were listed)
        assert [p["paper_id"] for p in fast_chat.ask(question, conv4).papers] == ["ab2"]
    assert not fast_chat.answerer().plan("with code?", conv3, None).author  # (no author)
    assert fast_chat.ask("What are Ann Lee's most recent papers?").answer.splitlines()[0] == (
        "The index holds 3 papers by Ann Lee, newest first:")  # (was: 3 papers "match" her)
    assert [re.sub(r" \[.*", "", x) for x in fast_chat.ask(  # (after a refusal it searched
        "who are her co-authors?", conv).answer.splitlines()[2:]] == [  # "co-authors")
        "1. Bo Chen: 2 papers", "2. Cy Dunn: 1 paper"]
    conv2 = Conversation()  # an author who wrote alone: said so (it counted them as their own
    fast_chat.ask("What did Al Lee work on?", conv2)  # co-author, on one paper)
    a = fast_chat.ask("who are his co-authors?", conv2)
    assert a.answer.splitlines()[1] == prompts.render(prompts.NO_COAUTHORS, name="Al Lee",
                                                      papers="it", they="it is"), a.answer
    conv = Conversation()
    fast_chat.ask("What did Ann Lee work on?", conv)
    # "he", "she", "his", "her": the author the last answers were on, all their papers (not
    # the last list of some; "he" was a word to find, "his papers" the last list)
    fast_chat.ask("which of those are about bandits?", conv)
    for question in ("what else did she write?", "anything else by her?",  # her other
                     "any other papers by her?", "anything else by him?"):  # papers (it
        # searched "else"; "him" was
        a = fast_chat.ask(question, Conversation(list(conv.turns)))  # left a word)
        assert [p["paper_id"] for p in a.papers] == ["ab2"], (question, a.answer)
    a = fast_chat.ask("who did she collaborate with most?", Conversation(list(conv.turns)))
    assert [re.sub(r" \[.*", "", x) for x in a.answer.splitlines()] == [  # (it counted the
        "The earlier answer on \u201cAnn Lee\u201d, again: 3 papers:",  # bandit papers'
        prompts.render(prompts.TALLY_HEADER, by="co-author"),  # alone)
        "1. Bo Chen: 2 papers", "2. Cy Dunn: 1 paper"], a.answer
    a = fast_chat.ask("who did she write them with?", Conversation(list(conv.turns)))
    assert [re.sub(r" \[.*", "", x) for x in a.answer.splitlines()[2:]] == [  # "them": the
        "1. Bo Chen: 1 paper"], a.answer  # bandit papers (it was refused: "write them")
    for before in ("who did she write them with?", "what else did she write?"):
        conv5 = Conversation(list(conv.turns))  # ... and then "who did she collaborate with
        fast_chat.ask(before, conv5)  # most?": all her papers' (it counted the last answer's)
        a = fast_chat.ask("who did she collaborate with most?", conv5)
        assert [re.sub(r" \[.*", "", x) for x in a.answer.splitlines()[1:]] == [
            prompts.render(prompts.TALLY_HEADER, by="co-author"),
            "1. Bo Chen: 2 papers", "2. Cy Dunn: 1 paper"], (before, a.answer)
    for question, ids in (("which papers did she write with Cy Dunn?", ["ab2"]),
                          ("which of her papers are about kernels?", ["ab2"]),
                          ("Which papers did she write with Bo Chen?", ["ab", "ab2"])):
        plan = fast_chat.answerer().plan(question, conv, None)
        assert plan.author == "Ann Lee", (question, plan)
        assert _listed(fast_chat, plan.standalone) == ids, question
    for question in ("Which papers use He initialization?", "papers by Kaiming He?"):  # a
        assert "Ann Lee" not in fast_chat.answerer().plan(question, conv, None).standalone  # name
    assert fast_chat.answerer().plan("What are her Bo Chen papers?", conv,  # (a capital after
                                     None).author.startswith("Ann Lee")  # "her" was a name's)
    conv = Conversation()  # no author named: as written
    fast_chat.ask("Which papers study kernels?", conv)
    assert fast_chat.answerer().plan("which papers did he write?", conv, None).author == ""
    for question in ("Which papers have Ann Lee as an author?",
                     "What topics does Ann Lee work on?",
                     "Which papers were written by Ann Lee?",  # "written" was a word to find
                     "papers published by Ann Lee",
                     "papers coauthored by Ann Lee"):
        assert _listed(fast_chat, question) == ["a", "ab", "ab2"], question
    assert not fast_chat.answerer().plan("papers coauthored by Ann Lee", None,
                                         None).respelled  # (it said "read as authored")
    for question in ("What did Geoffrey Hinton work on?", "papers by Geoffrey Hinton"):
        a = fast_chat.ask(question)  # no such author: said so (it searched the name)
        assert a.answer == prompts.render(prompts.NO_SUCH_AUTHOR, name="Geoffrey Hinton")
    plan = fast_chat.answerer().plan("Which of Lee's papers study bandits?", None, None)
    assert plan.author == "Al Lee or Ann Lee" and plan.kind == "listing"  # (it was refused)


def test_follow_ups_on_authors_keep_what_the_last_answer_was_on(fast_chat: PaperChat,
                                                               tmp_path: Path) -> None:
    """The thirty-second session's readings of "they", "she", "the first author" and "the X
    ones" leave alone what they are not for (each case was misread by their first version,
    found in review): "and the last one?" is a pick, not an author; "who did she write it
    with?" is of the paper picked, "her co-authors" after a narrowing of her papers the list's;
    "any other papers by them?" is of the author an answer was on, and after a list of
    several, none besides it; a topic starting "first-" or "best-" is a part of the list."""
    rows = [{"id": pid, "title": f"On {topic} {pid}", "authors": authors, "year": year,
             "abstract": f"We study {topic} in setting {pid}."}
            for pid, authors, topic, year in (
                ("ab", ["Ann Lee", "Bo Chen"], "bandits", 2024),
                ("ab2", ["Bo Chen", "Cy Dunn", "Ann Lee"], "kernels", 2025),
                ("a", ["Ann Lee"], "first-order bandits", 2024),
                ("d", ["Dee Ames", "Eve Bass"], "bandits", 2025),
                ("d2", ["Dee Ames"], "kernels", 2025))]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    listed = [p["paper_id"] for p in fast_chat.ask("Which papers study bandits?", conv).papers]
    fast_chat.ask("tell me about the first one", conv)
    last = fast_chat.ask("and the last one?", conv)  # a pick
    assert [p["paper_id"] for p in last.papers] == listed[-1:], last.answer
    a = fast_chat.ask("What else did its first author write?", conv)  # of the last one picked
    picked = fast_chat.answerer().index.get(listed[-1:])[listed[-1]]
    assert f"besides \u201c{picked.title}\u201d" in a.answer.splitlines()[0], a.answer
    conv = Conversation()
    hers = [p["paper_id"] for p in fast_chat.ask("What did Ann Lee work on?", conv).papers]
    one = fast_chat.ask(f"tell me about paper {hers.index('ab2') + 1}", conv)
    assert [p["paper_id"] for p in one.papers] == ["ab2"], one.answer
    a = fast_chat.ask("who did she write it with?", conv)  # the paper's co-authors
    assert [re.sub(r" \[.*", "", x) for x in a.answer.splitlines()[2:]] == [
        "1. Bo Chen: 1 paper", "2. Cy Dunn: 1 paper"], a.answer
    conv = Conversation()
    fast_chat.ask("Which papers by Ann Lee study bandits?", conv)
    a = fast_chat.ask("who are her co-authors?", conv)  # the list's 2 papers
    assert [re.sub(r" \[.*", "", x) for x in a.answer.splitlines()[2:]] == [
        "1. Bo Chen: 1 paper"], a.answer
    conv = Conversation()
    fast_chat.ask("What did Eve Bass work on?", conv)  # one paper, "d": "them" is Eve Bass
    for question in ("any other papers by them?", "what else did they write?"):
        a = fast_chat.ask(question, Conversation(list(conv.turns)))
        assert a.refused and not a.papers and "Eve Bass" in a.answer, (question, a.answer)
    conv = Conversation()
    fast_chat.ask("Which papers study bandits?", conv)
    a = fast_chat.ask("any other papers by them?", conv)  # none besides the list's
    assert not set(p["paper_id"] for p in a.papers) & set(listed), a.answer
    for question, want in (("what about the first-order ones?", ["a"]),
                           ("show me the older ones", ["a", "ab"])):  # its earliest year's
        a = fast_chat.ask(question, Conversation(conv.turns[:1]))
        assert sorted(p["paper_id"] for p in a.papers) == want, (question, a.answer)
    conv = Conversation()  # "the previous list" after a pick from the last: that last list
    fast_chat.ask("Which papers study kernels?", conv)
    fast_chat.ask("Which papers study bandits?", conv)
    fast_chat.ask("tell me about the second one", conv)
    a = fast_chat.ask("go back to the previous list", conv)
    assert sorted(p["paper_id"] for p in a.papers) == sorted(listed), a.answer
    a = fast_chat.ask("go back to the first list", conv)
    assert sorted(p["paper_id"] for p in a.papers) == ["ab2", "d2"], a.answer


def test_an_author_question_keeps_its_topic_words(fast_chat: PaperChat, tmp_path: Path) -> None:
    """A last name joined to an author's is taken out of the question as a whole word ("and Ma"
    took the "Ma" of "Markov games"); a word after "with" that some author has as a last name
    is the topic's where a topic word follows it ("with Markov chains" asked for Al Markov's
    papers); "who are the co-authors?" after a one-paper listing counts its authors (it left
    them all out, as on every paper); "who works with X?" is a co-author question only where X
    is an author."""
    rows = [{"id": pid, "title": f"On {topic}", "authors": authors,
             "abstract": f"We study {topic}."}
            for pid, authors, topic in (("mg", ["Ann Lee", "Mo Ma"], "Markov games"),
                                        ("mc", ["Ann Lee", "Bo Chen"], "sampling with Markov chains"),
                                        ("po", ["Cy Dunn", "Di Fox"], "preference optimization"),
                                        ("k", ["Al Markov"], "kernels"))]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    assert _listed(fast_chat, "Which papers by Ann Lee and Ma study Markov games?") == ["mg"]
    assert _listed(fast_chat, "papers by Ann Lee on sampling with Markov chains") == ["mc"]
    conv = Conversation()
    assert [p["paper_id"] for p in fast_chat.ask("Which papers study preference optimization?",
                                                 conv).papers] == ["po"]
    lines = [re.sub(r" \[.*", "", x) for x in fast_chat.ask("Who are the co-authors?",
                                                            conv).answer.splitlines()]
    assert lines[-2:] == ["1. Cy Dunn: 1 paper", "2. Di Fox: 1 paper"]
    assert fast_chat.answerer().plan("Who works with Markov chains?", None, None).tally != (
        "coauthor")


def test_papers_that_link_their_code(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"NeRF papers with code", "papers with code on GitHub about NeRF", "which NeRF papers
    release their code?" list the papers on NeRF whose abstract links code (the words had been
    searched: "code github"), said on the first line; "papers with code" alone lists every such
    paper; "of those, which have code?" narrows a listing, each paper by its sentence linking
    the code; "is there code?", "does it have code?" after an answer are of its papers;
    "papers on code generation" is a topic."""
    rows = [{"id": "n1", "title": "Fast NeRF", "abstract": "We speed up NeRF rendering. Code is "
             "available at https://github.com/x/fast-nerf.", "authors": ["Ann Lee", "Bo Chen"]},
            {"id": "n2", "title": "Sparse NeRF", "abstract": "We train NeRF from sparse views. "
             "We release our models and code.", "authors": ["Cy Dunn"]},
            {"id": "n3", "title": "NeRF theory", "abstract": "We analyse NeRF convergence."},
            {"id": "c1", "title": "Code generation with LLMs",
             "abstract": "We study code generation by language models."},
            {"id": "k", "title": "Kernels", "abstract": "We study kernels. Our code is public."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question, among in (("NeRF papers with code", ["n1", "n2"]),
                            ("papers with code on github about NeRF", ["n1", "n2"]),
                            ("Which NeRF papers release their code?", ["n1", "n2"]),
                            ("which papers on NeRF have open-source implementations?",
                             ["n1", "n2"]),
                            ("papers with code", ["k", "n1", "n2"]),
                            ("papers on code generation", ["c1"])):
        assert _listed(fast_chat, question) == among, question
    a = fast_chat.ask("NeRF papers with code")
    assert a.answer.splitlines()[0] == (
        "2 papers with linked code in the indexed abstracts match \u201cNeRF\u201d:"), a.answer
    conv = Conversation()
    fast_chat.ask("Which papers study NeRF?", conv)
    a = fast_chat.ask("are there any other papers with code?", Conversation(list(conv.turns)))
    assert [p["paper_id"] for p in a.papers] == ["k"], a.answer  # (it narrowed the list)
    a = fast_chat.ask("which of the first ten have code?", Conversation(list(conv.turns)))
    assert a.kind == "listing" and a.answer.splitlines()[0].startswith(  # (a summary said
        "The picked 3 papers include 2 papers with linked code"), a.answer  # none named NeRF)
    for question in ("any that release code?", "are there any that have code?",  # (every
                     "show me the ones with code", "list only the ones with code"):  # paper
        a = fast_chat.ask(question, Conversation(list(conv.turns)))  # with code, "k" too)
        assert sorted(p["paper_id"] for p in a.papers) == ["n1", "n2"], (question, a.answer)
    a = fast_chat.ask("which of them have code?", conv)
    assert sorted(p["paper_id"] for p in a.papers) == ["n1", "n2"], a.answer
    assert a.answer.splitlines()[0] == (
        "The previous answer's 3 papers include 2 papers with linked code:"), a.answer
    assert a.standalone_query == "Which papers study NeRF? (with linked code)"  # was "... ()"
    # ... and those linking none (it searched "don't"; "drop the ones with code" was refused:
    # the papers with code each named "ones"; "how many have no code?" counted the catalog)
    turns = conv.turns[:1]
    for question in ("which of them don't have code?", "which ones have no code?",
                     "drop the ones with code", "only the ones without code",
                     "how many have no code?", "remove those with code"):
        a = fast_chat.ask(question, Conversation(list(turns)))
        assert [p["paper_id"] for p in a.papers] == ["n3"], (question, a.answer)
        assert a.answer.splitlines()[0] == (
            "The previous answer's 3 papers include 1 paper without linked code:"), a.answer
    assert _listed(fast_chat, "NeRF papers that don't release their code") == ["n3"]
    for question in ("remove those without code", "drop the ones that don't have code"):
        a = fast_chat.ask(question, Conversation(list(turns)))  # (the review's: it kept those
        assert sorted(p["paper_id"] for p in a.papers) == ["n1", "n2"], (question, a.answer)
    plan = fast_chat.answerer().plan("how many NeRF papers per year have code?", None, None)
    assert plan.tally == "year" and plan.with_code, plan  # (it was "which NeRF papers?")
    assert not fast_chat.answerer().plan(  # a topic's words
        "which papers do code generation without source code?", None, None).without_code
    assert _listed(fast_chat, "papers without code") == ["c1", "n3"]
    a = fast_chat.ask("how many papers have code?")  # (the catalog's count of every paper)
    assert a.answer.splitlines()[0] == "The index holds 3 papers with linked code:", a.answer
    fast_chat.ask("Which papers study NeRF?", conv)
    a = fast_chat.ask("what about the ones with code?", conv)  # (it searched "the ones")
    assert sorted(p["paper_id"] for p in a.papers) == ["n1", "n2"], a.answer
    fast_chat.ask("Which papers study NeRF?", conv)
    a = fast_chat.ask("which have code?", conv)  # (every paper with code: "k" too)
    assert sorted(p["paper_id"] for p in a.papers) == ["n1", "n2"], a.answer
    assert "Code is available at https://github.com/x/fast-nerf [" in a.answer, a.answer  # its
    for question, ids in (("is there code?", ["n1"]),  # sentence linking it, not its first;
                          ("does it have code?", ["n1"]),  # of the last answer (it searched
                          ("any papers with code?", ["n1"]),  # (it listed every one)
                          ("where can I find the code?", ["n1"])):  # "code": "k" first)
        conv = Conversation()
        fast_chat.ask("Who wrote Fast NeRF?", conv)
        a = fast_chat.ask(question, conv)
        assert [p["paper_id"] for p in a.papers] == ids, (question, a.answer)
    conv = Conversation()
    fast_chat.ask("Who wrote NeRF theory?", conv)
    assert fast_chat.ask("is the code available?", conv).answer == (  # (not "1 paper
        "The previous answer's paper, \u201cNeRF theory\u201d, is not among the papers with "
        "linked code.")  # includes no papers with linked code")
    conv = Conversation()  # "it" after one paper picked from a list: that paper (it was
    listed = fast_chat.ask("Which papers study NeRF?", conv)  # the list's, as "them" is)
    place = [p["paper_id"] for p in listed.papers].index("n3")  # (no code)
    fast_chat.ask(f"summarize the {('first', 'second', 'third')[place]} one", conv)
    a = fast_chat.ask("does it release code?", Conversation(list(conv.turns)))
    assert a.answer.endswith(", is not among the papers with linked code."), a.answer
    a = fast_chat.ask("do they release code?", conv)
    assert sorted(p["paper_id"] for p in a.papers) == ["n1", "n2"], a.answer
    for question in ("which have code?", "is there any code released?"):  # with no list:
        assert fast_chat.ask(question).count == 3, question  # every one (it summarized
        # papers naming "code")
    assert fast_chat.ask("papers with code").answer.splitlines()[0] == (
        "The index holds 3 papers with linked code:")
    a = fast_chat.ask("Which NeRF paper with code has the most authors?")  # both said
    assert a.answer.splitlines()[0] == ("1 paper with the most authors (2) and linked code in "
                                        "the indexed abstracts matches \u201cNeRF\u201d:"), a.answer
    for question in ("which papers train LLMs with code data?",  # code words not ending a
                     "papers on LLMs with code interpreters", "papers with code-mixed text"):
        assert not fast_chat.answerer().plan(question, None, None).with_code, question


def test_papers_that_introduce_a_dataset_or_benchmark(fast_chat: PaperChat,
                                                      tmp_path: Path) -> None:
    """"Which papers release new datasets?", "new benchmarks for robot learning", "dataset
    papers on robot learning" list the papers introducing one, by abstract ("we introduce X, a
    large-scale dataset", "a new benchmark") or title ("X: A Benchmark for Y"), said on the
    first line; the words had been searched ("datasets": every paper evaluated on one). Not
    "propose new dataset distillation methods", "evaluate on new benchmarks"; "what about
    2025?" keeps asking for them."""
    rows = [{"id": "d1", "title": "RoboSet", "year": 2024, "abstract": "We introduce RoboSet, a "
             "large-scale dataset of robot learning demonstrations."},
            {"id": "d2", "title": "GraspBench: A Benchmark for Robot Learning", "year": 2025,
             "abstract": "Grasping matters for robot learning. We evaluate ten methods."},
            {"id": "d3", "title": "Reasoning exams", "year": 2025,
             "abstract": "We propose a novel approach for new LLM reasoning. To help, we "
                         "construct a training benchmark for LLM reasoning."},
            {"id": "m1", "title": "Robot policies", "year": 2025, "abstract": "We study robot "
             "learning and evaluate on standard benchmarks and datasets."},
            {"id": "m2", "title": "Distilling datasets", "year": 2024,
             "abstract": "We propose a dataset distillation method for robot learning datasets."},
            {"id": "m3", "title": "Rethinking the Benchmark: robot learning recipes", "year": 2024,
             "abstract": "We develop a training recipe boosting benchmark performance in robot "
                         "learning. Code and the datasets are publicly available."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question, among in (("Which papers release new datasets?", ["d1", "d2", "d3"]),
                            ("new benchmarks for robot learning", ["d1", "d2"]),
                            ("dataset papers on robot learning", ["d1", "d2"]),
                            ("which papers introduce a benchmark or dataset for LLM reasoning?",
                             ["d3"]),
                            ("which papers propose new dataset distillation methods?", ["m2"])):
        assert _listed(fast_chat, question) == among, question
    conv = Conversation()
    a = fast_chat.ask("new benchmarks for robot learning", conv)
    assert a.answer.splitlines()[0] == ("2 papers introducing a dataset or benchmark in the "
                                        "indexed abstracts match \u201crobot learning\u201d:"), a.answer
    a = fast_chat.ask("Which papers release new datasets?")  # each by its sentence saying so
    assert "**Reasoning exams** (2025): To help, we construct a training benchmark for LLM " in (
        a.answer), a.answer  # (not "a novel approach for new LLM reasoning": the words)
    a = fast_chat.ask("what about 2025?", conv)
    assert [p["paper_id"] for p in a.papers] == ["d2"], a.answer
    conv = Conversation()
    fast_chat.ask("Which papers study robot learning?", conv)
    a = fast_chat.ask("which introduce a new benchmark?", conv)  # of that list (d3 too before)
    assert sorted(p["paper_id"] for p in a.papers) == ["d1", "d2"], a.answer
    assert a.answer.startswith("The previous answer's "), a.answer
    for question in ("which papers evaluate on new benchmarks?", "papers that use new benchmarks",
                     "which papers evaluate on the new benchmark?"):
        assert not fast_chat.answerer().plan(question, None, None).new_data, question


def test_the_one_most_relevant_to_a_topic_none_names_is_the_closest(fast_chat: PaperChat,
                                                                    tmp_path: Path) -> None:
    """"Which one is most relevant to X?" after a list none of which names X gives the paper
    closest in meaning, said so (it was refused: "None of the 3 papers ... match"); a paper
    naming X is given as it was."""
    rows = [{"id": "b1", "title": "Bandits for arms", "abstract": "We study bandit problems for "
             "robot arms."},
            {"id": "b2", "title": "Bandits for ads", "abstract": "We study bandit problems in "
             "online ads."},
            {"id": "b3", "title": "Bandits in auctions", "abstract": "We study bandit problems in "
             "auctions."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    assert fast_chat.ask("Which papers study bandit problems?", conv).count == 3
    a = fast_chat.ask("Which one is most relevant to robot grasping?", conv)
    assert [p["paper_id"] for p in a.papers] == ["b1"] and not a.refused, a.answer
    assert a.answer.splitlines()[0] == ("None of the 3 papers from the previous answer names "
                                        "\u201crobot grasping\u201d; the closest in meaning:")
    fast_chat.ask("Which papers study bandit problems?", conv)
    a = fast_chat.ask("which one is most related to online ads?", conv)
    assert [p["paper_id"] for p in a.papers] == ["b2"], a.answer
    assert a.answer.splitlines()[0].startswith("1 paper of the 3 from the previous answer matches")


def test_the_authors_at_an_institution(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Who are the Stanford authors?", "which researchers at Stanford work on X?", "list the
    authors from Stanford" count the authors whose own affiliation is Stanford (they listed
    Stanford's papers, or searched "authors"); "who are the most prolific authors from MIT?"
    leaves out their co-authors elsewhere, where each author's affiliation is given; "where is
    X from?" counts the institutions X gives."""
    rows = [{"id": "s1", "title": "Bandits one", "authors": ["Ann Lee", "Bo Chen"],
             "affiliations": ["Stanford University", "MIT"], "abstract": "We study bandit problems.",
             "conference": "COLT"},
            {"id": "s2", "title": "Bandits two", "authors": ["Ann Lee", "Cy Dunn"],
             "affiliations": ["Stanford", "Stanford University"],
             "abstract": "We study bandit problems again."},
            {"id": "m1", "title": "Kernels", "authors": ["Bo Chen", "Di Fox"],
             "affiliations": ["MIT", "Stanford University"], "abstract": "We study kernels."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()

    def counted(question: str) -> list[str]:
        a = fast_chat.ask(question)
        return [line.split(":")[0] for line in a.answer.splitlines() if re.match(r"\d+\. ", line)]

    for question in ("Who are the Stanford authors?", "list the authors from Stanford",
                     "which authors at Stanford have the most papers?"):
        assert counted(question) == ["1. Ann Lee", "2. Cy Dunn", "3. Di Fox"], question
    for question in ("which Stanford researchers work on bandit problems?",
                     "which authors at Stanford have the most papers on bandit problems?",
                     "who works at Stanford on bandit problems?"):
        assert counted(question) == ["1. Ann Lee", "2. Cy Dunn"], question
    # ... of a venue (year, status): every author of its papers ("authors" was searched)
    assert counted("who are the COLT authors?") == ["1. Ann Lee", "2. Bo Chen"]
    # where an author is: the institutions that author gives, counted (not the co-authors';
    # it searched "Bo Chen from")
    for question in ("where is Bo Chen from?", "Which institution does Bo Chen work at?",
                     "what is Bo Chen's affiliation?"):
        assert counted(question) == ["1. MIT"], question
    assert counted("who are the most prolific authors from MIT?") == ["1. Bo Chen"]
    assert fast_chat.answerer().plan("who are the top authors?", None, None).filters.affiliation == ""


def test_a_narrowing_lists_papers_naming_its_words_apart(fast_chat: PaperChat,
                                                        tmp_path: Path) -> None:
    """"Which ones handle long-range dependencies?" of a list on graph transformers lists a
    paper on "implicit long-range and multi-scale dependency" (every word, apart, far in
    meaning from the question: refused); "handle" is no word to find."""
    rows = [{"id": "g1", "title": "Spatial graph transformers", "abstract": "We study graph "
             "transformers for massive point samples in continuous space. Designing them is "
             "non-trivial due to several challenges, including implicit long-range and "
             "multi-scale dependency on irregular points, a non-uniform point distribution, "
             "the potential high computational costs, and the need for uncertainty "
             "quantification. We propose a hierarchical spatial transformer model with quadtree "
             "hierarchy and coarse approximation with efficient attention and evaluation on "
             "real-world ocean, climate and soil datasets."},
            {"id": "g2", "title": "Graph transformers for molecules",
             "abstract": "We study graph transformers for molecules."},
            {"id": "g3", "title": "Graph transformers at scale",
             "abstract": "We study graph transformers on large graphs."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    assert fast_chat.ask("Which papers study graph transformers?", conv).count == 3
    a = fast_chat.ask("which ones handle long-range dependencies?", conv)
    assert [p["paper_id"] for p in a.papers] == ["g1"], a.answer
    assert "handle" not in a.standalone_query


def test_a_summary_of_part_of_the_last_list(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Summarize the 2024 ones", "summarize the spotlight ones", "give me a summary of the ones
    that use Thompson sampling" after a list summarize those of it, the narrowing on the first
    line (each searched "2024 ones", "spotlight ones", "ones": the whole index); after "which
    ones are spotlights?", "summarize the spotlight ones" summarizes that narrowing."""
    rows = [{"id": f"b{i}", "title": f"Bandits {i}", "year": 2024 if i < 5 else 2025,
             "status": "Spotlight" if i in (1, 5) else "Poster",
             "abstract": f"We study bandit problems, case {i}." + (
                 " We use Thompson sampling." if i in (2, 6) else "")} for i in range(7)]
    rows.append({"id": "o", "title": "Other 2024", "year": 2024, "status": "Spotlight",
                 "abstract": "We study protein folding ones and Thompson sampling."})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question, ids in (("summarize the 2024 ones", ["b0", "b1", "b2", "b3", "b4"]),
                          ("give me a summary of the spotlight ones", ["b1", "b5"]),
                          ("give me a summary of the ones that use Thompson sampling",
                           ["b2", "b6"]),
                          ("describe the ones from 2025", ["b5", "b6"])):
        conv = Conversation()
        assert fast_chat.ask("Which papers study bandit problems?", conv).count == 7
        a = fast_chat.ask(question, conv)
        assert (a.kind, sorted(p["paper_id"] for p in a.papers)) == ("summary", ids), (
            question, a.answer)
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    a = fast_chat.ask("summarize the 2024 ones", conv)
    assert a.answer.splitlines()[0] == ("The previous answer's 7 papers include 5 papers from "
                                        "2024; from the 4 closest (all 5 are in the list of "
                                        "papers):"), a.answer
    fast_chat.ask("Which papers study bandit problems?", conv)
    a = fast_chat.ask("which ones are spotlights?", conv)
    assert (a.count, a.standalone_query) == (2, "Which papers study bandit problems? "
                                                "(spotlights)"), a  # was "(papers)"
    a = fast_chat.ask("summarize the spotlight ones", conv)  # that narrowing (by its words)
    assert sorted(p["paper_id"] for p in a.papers) == ["b1", "b5"], a.answer
    assert conv.turns[-2].within == "spotlights"
    assert fast_chat.ask("summarize the spotlight papers").count == 3  # no list: all of them


def test_narrowing_in_other_words_and_going_back_to_a_list(fast_chat: PaperChat,
                                                          tmp_path: Path) -> None:
    """"Narrow it down to those dealing with healthcare", "any that use causal inference?",
    "filter them by X", "are there any about X specifically?" narrow the last list (each was a
    new search, "narrow dealing" words to find); "go back to the fairness list" lists the
    earlier answer on fairness again, for the next narrowing."""
    rows = [{"id": f"f{i}", "title": f"Fairness study {i}", "abstract": f"We study fairness in "
             f"machine learning, case {i}. {extra}"} for i, extra in enumerate(
                 ("Our data come from healthcare records.", "We use causal inference.",
                  "We train with federated learning.", "Bounds follow."))]
    rows.append({"id": "h", "title": "Hospital triage", "abstract": "We study healthcare triage."})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    for question, ids in (("narrow it down to those dealing with healthcare", ["f0"]),
                          ("any that use causal inference?", ["f1"]),
                          ("any with causal inference?", ["f1"]),
                          ("ok, and the ones that use federated learning?", ["f2"]),
                          ("Filter the list to papers on federated learning", ["f2"]),
                          ("are there any about healthcare specifically?", ["f0"]),  # (not h)
                          ("any on healthcare in particular?", ["f0"]),
                          ("narrow to the ones about healthcare", ["f0"]),  # (no "it")
                          ("which of those relate to healthcare?", ["f0"]),  # ("relate",
                          ("which ones concern healthcare?", ["f0"]),  # "concern", "touch"
                          ("which of them touch on healthcare?", ["f0"])):  # were words)
        conv = Conversation()
        assert fast_chat.ask("Which papers study fairness in machine learning?", conv).count == 4
        a = fast_chat.ask(question, conv)
        assert [p["paper_id"] for p in a.papers] == ids, (question, a.answer)
    fair = Conversation()  # "which of these avoid X?": those not naming X (it matched
    fast_chat.ask("Which papers study fairness in machine learning?", fair)  # "avoid X")
    a = fast_chat.ask("which of these avoid federated learning?", fair)
    assert sorted(p["paper_id"] for p in a.papers) == ["f0", "f1", "f3"], a.answer
    for question in ("papers that avoid backpropagation",  # no list: as written (the
                     "papers on fairness that avoid healthcare"):  # second left it out)
        assert not fast_chat.answerer().plan(question, None, None).without, question
    for question in ("papers that relate to healthcare", "which papers touch on healthcare?"):
        assert fast_chat.answerer().plan(question, None, None).topic == "healthcare", question
    plan = fast_chat.answerer().plan("what about using causal inference?", conv, None)
    assert (sorted(plan.scope or []), plan.kind) == (["f0", "f1", "f2", "f3"], "listing"), (
        plan)  # after a narrowing by words, of the list it narrowed (a summary once, then the
    # papers on causal inference of every paper)
    a = fast_chat.ask("go back to the fairness list", conv)
    assert sorted(p["paper_id"] for p in a.papers) == ["f0", "f1", "f2", "f3"], a.answer
    assert a.answer.splitlines()[0] == ("The earlier answer on \u201cfairness in machine "
                                        "learning\u201d, again: 4 papers:")
    a = fast_chat.ask("which are about healthcare?", conv)
    assert [p["paper_id"] for p in a.papers] == ["f0"], a.answer
    assert fast_chat.ask("show me the fairness papers again", conv).count == 4
    for question in ("go back to the first list", "back to the original results",
                     "take me back to the previous list"):
        conv2 = Conversation()  # a list named by where it came (it searched "go back
        fast_chat.ask("Which papers study fairness in machine learning?", conv2)  # first")
        fast_chat.ask("which are about healthcare?", conv2)
        a = fast_chat.ask(question, conv2)
        assert sorted(p["paper_id"] for p in a.papers) == ["f0", "f1", "f2", "f3"], (question,
                                                                                      a.answer)
    for question in ("which of the first list use causal inference?",  # (it searched
                     "which ones in the previous list use causal inference?"):  # "first")
        conv2 = Conversation()
        fast_chat.ask("Which papers study fairness in machine learning?", conv2)
        fast_chat.ask("which are about healthcare?", conv2)
        a = fast_chat.ask(question, conv2)
        assert [p["paper_id"] for p in a.papers] == ["f1"], (question, a.answer)
        assert "of the 4 from the earlier answer on" in a.answer.splitlines()[0], a.answer
    conv3 = Conversation()  # "which ones are not X?" after "which are X?": the rest of the
    fast_chat.ask("Which papers study fairness in machine learning?", conv3)  # list (it was
    fast_chat.ask("which use causal inference?", conv3)  # those of the narrowing naming X)
    a = fast_chat.ask("which are not causal inference?", conv3)
    assert sorted(p["paper_id"] for p in a.papers) == ["f0", "f2", "f3"], a.answer
    assert "of the 4 from the earlier answer on" in a.answer.splitlines()[0], a.answer
    assert a.standalone_query.endswith("(not causal inference)"), a.standalone_query
    for question in ("and the rest?", "what about the others?",  # all of the narrowing
                     "what about the other ones?",
                     "and which don't?", "what about the ones that don't?"):
        conv4 = Conversation()  # written out: what it left out of the list (it said all
        fast_chat.ask("Which papers study fairness in machine learning?", conv4)  # were
        fast_chat.ask("which use causal inference?", conv4)  # shown; "others" a word)
        a = fast_chat.ask(question, conv4)
        assert sorted(p["paper_id"] for p in a.papers) == ["f0", "f2", "f3"], (question, a.answer)
        assert a.answer.splitlines()[0] == ("The other 3 papers of the 4 in the earlier list on "
                                            "\u201cfairness in machine learning\u201d:"), a.answer
    conv6 = Conversation()  # "and healthcare?" after a narrowing by words: the list it
    fast_chat.ask("Which papers study fairness in machine learning?", conv6)  # narrowed, on
    fast_chat.ask("which use causal inference?", conv6)  # healthcare (it asked "which papers
    a = fast_chat.ask("and healthcare?", conv6)  # study healthcare?" of every paper)
    assert [p["paper_id"] for p in a.papers] == ["f0"], a.answer
    assert "of the 4 from the earlier answer on" in a.answer.splitlines()[0], a.answer
    conv5 = Conversation()  # "which don't?" after a narrowing that found none: all of them
    fast_chat.ask("Which papers study fairness in machine learning?", conv5)  # (it searched
    assert fast_chat.ask("which use quantum annealing?", conv5).refused  # "don't")
    a = fast_chat.ask("and which don't?", conv5)
    assert sorted(p["paper_id"] for p in a.papers) == ["f0", "f1", "f2", "f3"], a.answer
    for question in ("Which papers show that fairness metrics are not causal inference?",
                     "Why aren't causal inference methods fair?"):  # a clause, no narrowing
        assert not fast_chat.answerer().plan(question, conv3, None).without, question
    conv2 = Conversation()  # a narrowing named by its words: "summarize the X ones" (it
    fast_chat.ask("Which papers study fairness in machine learning?", conv2)  # searched "X
    fast_chat.ask("which of them use causal inference?", conv2)  # ones")
    fast_chat.ask("Which papers study healthcare triage?", conv2)
    for question in ("summarize the causal inference ones",
                     "give me a summary of the causal inference ones"):
        a = fast_chat.ask(question, Conversation(list(conv2.turns)))
        assert (a.kind, [p["paper_id"] for p in a.papers]) == ("summary", ["f1"]), a.answer
    for question in ("what are the main contributions?", "what do the results mean?"):  # none
        assert "Summarize them" not in fast_chat.answerer().plan(question, None,  # before: a
                                                                 None).standalone  # search
    assert not fast_chat.answerer().plan("which ones are most similar to each other?", conv2,
                                         None).closest
    for question in ("which one would you recommend reading first?",  # a judgement, of the
                     "which should I read first?"):  # list (it searched "recommend reading")
        plan = fast_chat.answerer().plan(question, conv2, None)
        assert plan.judged and plan.scope is not None, (question, plan)
    a = fast_chat.ask("What's the difference between the papers on fairness and causal inference?")
    assert a.answer.startswith("Papers in the indexed abstracts matching each side:"), a.answer
    fast_chat.ask("Which papers study healthcare triage?", conv)
    a = fast_chat.ask("show me the healthcare papers", conv)  # a search, not that listing
    assert sorted(p["paper_id"] for p in a.papers) == ["f0", "h"], a.answer


def test_that_topic_and_a_reading_list(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Which institutions lead in that?", "who works on this topic?" ask of the last
    listing's topic (it counted every paper, or searched "topic"); "give me a reading list on
    X" lists the papers on X (it searched "reading"); "papers that build on it" is not a
    topic's."""
    rows = [{"id": f"ot{i}", "title": f"Optimal transport {i}", "authors": [f"Ann Lee {i}"],
             "affiliations": ["MIT" if i else "Stanford University"],
             "abstract": f"We study optimal transport, case {i}."} for i in range(3)]
    rows.append({"id": "k", "title": "Kernels", "authors": ["Bo Chen"], "affiliations": ["MIT"],
                 "abstract": "We study kernel methods."})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    assert fast_chat.ask("give me a reading list on optimal transport", conv).count == 3
    for question in ("Which institutions publish most in that?",  # "in it" too (it counted
                     "which institutions are most active in it?"):  # every paper's)
        a = fast_chat.ask(question, Conversation(list(conv.turns)))
        assert [p["paper_id"] for p in a.papers] != [] and "k" not in [
            p["paper_id"] for p in a.papers], a.answer
        assert "1. MIT: 2 papers" in a.answer, a.answer
    fast_chat.ask("Which institutions publish most in that?", conv)
    plan = fast_chat.answerer().plan("who works on this topic?", conv, None)
    assert plan.topic == "optimal transport", plan
    assert "it" in fast_chat.answerer().plan("which papers build on it?", conv, None).standalone
    one = Conversation(list(conv.turns))  # after an answer on one paper, "this" is that paper
    fast_chat.ask("Who wrote Kernels?", one)
    for question in ("which papers build on this?", "what datasets are used in it?"):
        assert "optimal" not in fast_chat.answerer().plan(question, one, None).standalone
    assert fast_chat.answerer().plan("who works on that topic?", one,  # (the listing's)
                                     None).topic == "optimal transport"
    assert _named_of("show me the Google DeepMind ones", ["Google", "Google DeepMind"]) == (
        ["Google DeepMind"], "show me the")  # the longer name
    # a listing named by its topic: of its papers, also after a narrower one (it searched
    # "optimal transport case")
    conv = Conversation()
    fast_chat.ask("Which papers study optimal transport?", conv)
    assert fast_chat.ask("which of them are about case 1?", conv).count == 1
    a = fast_chat.ask("which of the optimal transport papers are about case 2?", conv)
    assert [p["paper_id"] for p in a.papers] == ["ot2"], a.answer
    assert a.answer.startswith("1 paper of the 3 from the earlier answer on \u201coptimal "
                               "transport\u201d matches"), a.answer  # not "the previous answer"
    a = fast_chat.ask("which of the optimal transport papers are from MIT?", conv)
    assert a.answer.startswith("The earlier answer's 3 papers on \u201coptimal transport\u201d "
                               "include 2 papers with authors at MIT:"), a.answer
    # ... named by a synonym ("the offline RL papers" after "offline reinforcement learning":
    # it searched "offline RL" anew)
    turns = Conversation([Turn(f"Which papers study {t}?", "", ["p"], "", topic=t) for t in (
        "offline reinforcement learning", "large language models", "diffusion models")])
    assert [turns.named(t) for t in ("offline RL", "LLMs", "diffusion model", "RL")] == [
        0, 1, 2, None]
    for question in ("what do they conclude?", "What are their main findings?",  # the
                     "summarize the key ideas", "what are the main points?"):
        a = fast_chat.ask(question, Conversation(conv.turns[:1]))  # list's papers, not those
        assert a.kind == "summary" and a.count == 3, (question, a.answer)  # writing
        assert not re.search(r"conclude|findings|ideas|points", a.standalone_query), question
    # "most relevant to X": those on X ("relevant" was a word to find: none)
    conv = Conversation()
    fast_chat.ask("Which papers study optimal transport?", conv)
    a = fast_chat.ask("which one is most relevant to case 1?", conv)
    assert [p["paper_id"] for p in a.papers] == ["ot1"], a.answer
    assert _listed(fast_chat, "papers most related to kernel methods") == ["k"]


def test_a_short_title_asked_about_as_written_and_its_authors(fast_chat: PaperChat,
                                                               tmp_path: Path) -> None:
    """"Tell me about Equivariant Diffusion Policy" (a three-word title, written as the title
    is) is that paper, not the papers on its words; in lowercase it is the topic. "Who are the
    authors?" and "how many authors does it have?" then give that paper's authors (it listed
    the papers on "authors"); after a list, each paper's."""
    rows = [{"id": "edp", "title": "Equivariant Diffusion Policy", "authors": ["Dian Wang"],
             "abstract": "We propose an equivariant diffusion policy for robot control."},
            {"id": "bot", "title": "EquiBot: SIM(3)-Equivariant Diffusion Policy",
             "authors": ["Jingyun Yang"],
             "abstract": "An equivariant diffusion policy that generalizes across scales."},
            {"id": "au", "title": "Authors and citations", "authors": ["Ann Lee"],
             "abstract": "We study how authors cite papers."},
            {"id": "dpo", "title": "Direct Preference Optimization: Your Model is a Reward Model",
             "authors": ["Rafael Rafailov", "Archit Sharma", "Eric Mitchell", "Stefano Ermon",
                         "Christopher D. Manning", "Chelsea Finn"],
             "abstract": "We propose direct preference optimization."},
            {"id": "dpo2", "title": "Robust DPO",
             "abstract": "We make direct preference optimization robust."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    a = fast_chat.ask("Tell me about Equivariant Diffusion Policy", conv)
    assert [p["paper_id"] for p in a.papers] == ["edp"], a.answer
    for question in ("who are the authors?", "How many authors does it have?"):
        a = fast_chat.ask(question, conv)
        assert a.answer == "\u201cEquivariant Diffusion Policy\u201d is by Dian Wang [1].", (
            question, a.answer)
    for question in ("what is it about?", "What does this paper propose?"):  # more of it, as
        plan = fast_chat.answerer().plan(question, conv, None)  # a pick (the sentence
        assert (plan.scope, plan.picked) == (["edp"], True), question  # closest to its words)
    for question in ("is that paper theoretical or empirical?", "does it have experiments?",
                     "what are the main results?",  # of that paper (each searched every
                     "what is the policy class in that one?"):
        plan = fast_chat.answerer().plan(question, conv, None)  # paper: "does it have" read
        assert plan.scope == ["edp"], (question, plan)  # as "do you have")
    assert fast_chat.ask("tell me about equivariant diffusion policy").count == 2  # the topic
    conv = Conversation()  # a list too long to count at a glance is counted
    fast_chat.ask("What is Direct Preference Optimization about?", conv)
    assert fast_chat.ask("how many authors does it have?", conv).answer.startswith(
        "\u201cDirect Preference Optimization: Your Model is a Reward Model\u201d is by 6 authors: "
        "Rafael Rafailov, Archit Sharma, ")
    assert [p["paper_id"] for p in fast_chat.ask(  # a title's name before its colon too
        "What is Direct Preference Optimization about?").papers] == ["dpo"]
    conv = Conversation()
    fast_chat.ask("Which papers study equivariant diffusion policies?", conv)
    for question in ("who are the authors?", "give me the first author of each",  # (these
                     "who is the lead author of each one?"):  # searched "first author")
        a = fast_chat.ask(question, Conversation(list(conv.turns)))
        assert sorted(p["paper_id"] for p in a.papers) == ["bot", "edp"], (question, a.answer)
        assert "Dian Wang" in a.answer and "Jingyun Yang" in a.answer, (question, a.answer)


def test_papers_by_how_many_authors_they_have(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Single-author papers", "papers with more than 20 authors", "two-author papers on X",
    "how many COLT papers have only one author?" keep the papers with that many authors (the
    words were searched: "No indexed abstract names “20 authors”"), said on the first line;
    "which of them have more than 2 authors?" narrows a listing so."""
    rows = [{"id": f"p{n}", "title": f"On bandits {n}", "conference": "COLT", "year": 2024,
             "authors": [f"Author {n}-{i}" for i in range(n)],
             "abstract": f"We study bandits with {n} people."} for n in (1, 2, 3, 25)]
    rows.append({"id": "k", "title": "Kernels", "authors": ["Solo Writer"],
                 "abstract": "We study kernels."})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question, among in (("Which papers have a single author?", ["k", "p1"]),
                            ("single-author papers on bandits", ["p1"]),
                            ("solo-authored COLT papers", ["p1"]),
                            ("papers with more than 20 authors", ["p25"]),
                            ("papers with at least 3 authors", ["p25", "p3"]),
                            ("papers with fewer than three authors on bandits", ["p1", "p2"]),
                            ("two-author papers", ["p2"])):
        assert _listed(fast_chat, question) == among, question
    a = fast_chat.ask("papers with more than 30 authors")  # none: said as such (not as
    assert a.refused and a.answer == (prompts.CANNOT_ANSWER_PHRASE  # a topic: "no indexed
                                      + ": no indexed paper with more than 30 authors.")  # paper
    # matches “with more than 30 authors”")
    a = fast_chat.ask("How many COLT 2024 papers have only one author?")
    assert [p["paper_id"] for p in a.papers] == ["p1"]
    assert a.answer.splitlines()[0] == "The index holds 1 COLT 2024 paper with a single author:"
    conv = Conversation()
    fast_chat.ask("Which papers study bandits?", conv)
    assert sorted(p["paper_id"] for p in fast_chat.ask(
        "Which of them have more than 2 authors?", conv).papers) == ["p25", "p3"]
    conv = Conversation()
    fast_chat.ask("Which papers study bandits?", conv)
    a = fast_chat.ask("which of those are single-author?", conv)
    assert [p["paper_id"] for p in a.papers] == ["p1"]
    assert a.answer.splitlines()[0] == (  # not "are"
        "The previous answer's 4 papers include 1 paper with a single author:")
    # the most or fewest authors: the papers with that many (a search for "authors": refused)
    for question, among in (("Which paper has the most authors?", ["p25"]),
                            ("Which bandit paper has the fewest authors?", ["p1"]),
                            ("Which papers on bandits have the most authors?", ["p25"]),
                            ("which COLT paper has the largest number of authors", ["p25"])):
        assert _listed(fast_chat, question) == among, question
    a = fast_chat.ask("Which paper has the most authors?")
    assert a.answer.splitlines()[0] == "The index holds 1 paper with the most authors (25):", (
        a.answer)
    a = fast_chat.ask("Which papers on bandits have the fewest authors?")
    assert "with the fewest authors (1)" in a.answer.splitlines()[0], a.answer
    a = fast_chat.ask("Which paper on protein folding has the most authors?")  # none: no
    assert a.refused and "with the most authors " in a.answer, a.answer  # count ("(0)")
    assert "(0)" not in a.answer, a.answer
    # "how many COLT papers ...?" after a listing is a question of its own, not of its papers
    conv = Conversation()
    fast_chat.ask("Which papers study kernels?", conv)
    assert sorted(p["paper_id"] for p in fast_chat.ask(
        "How many COLT papers study bandits?", conv).papers) == ["p1", "p2", "p25", "p3"]


def test_who_has_the_most_papers_on_a_topic(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Who are the most prolific authors on X?", "Which institutions publish most on X?",
    "the top venues for X", "How many papers on X per year?" list the papers on X counted by
    author, institution (once a paper, however its affiliations write it: "MIT" and
    "Massachusetts Institute of Technology" are one), venue or year, the most first (years in
    order), each
    with the numbers of its papers in the list; "… and N more" past the listing's lines; where
    no paper gives affiliations, the answer says they cannot be counted and lists them. "What
    are the main themes of X?" counts the papers by area."""
    people = [(["Ann Lee", "Bo Chen"], ["MIT", "MIT"], "COLT", 2024),
              (["Ann Lee"], ["Stanford University"], "COLT", 2023),
              (["Ann Lee", "Cy Dunn"], ["MIT", "Computer Science Department, Stanford University"
                                        ", Google Research"], "UAI", 2024),
              (["Bo Chen"], ["Massachusetts Institute of Technology"], "COLT", 2024)]
    rows = [{"id": f"b{i}", "title": f"Bandits {i}", "authors": authors, "affiliations": affs,
             "abstract": f"We study bandits in setting {i}.", "conference": venue, "year": year,
             "primary_area": "Optimization" if i == 3 else "Learning theory"}
            for i, (authors, affs, venue, year) in enumerate(people)]
    rows.append({"id": "x", "title": "Kernels", "authors": ["Di Ng"], "affiliations": ["MIT"],
                 "abstract": "We study kernels.", "conference": "UAI", "year": 2023})
    rows.append({"id": "y", "title": "Graphs", "authors": ["Di Ng"],
                 "abstract": "We study graphs.", "conference": "UAI", "year": 2023})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()

    def tally(question: str) -> list[tuple[str, int, int]]:
        a = fast_chat.ask(question)
        order = [p["paper_id"] for p in a.papers]
        assert sorted(order) == ["b0", "b1", "b2", "b3"], question
        out = []
        for line in a.answer.splitlines()[2:]:
            name, count, marks = re.fullmatch(r"\d+\. (.+): (\d+) papers? ((?:\[\d+\])+)",
                                              line).groups()
            cited = [order[int(n) - 1] for n in re.findall(r"\d+", marks)]
            out.append((name, int(count), len(cited)))
            assert all(any(name in (*p["authors"], p["venue"], str(p["year"]), p["area"], *(
                n for aff in p.get("affiliations", []) for n in institutions_of(aff)))
                               for p in a.papers
                               if p["paper_id"] == pid)
                       for pid in cited), (question, line)
        return out

    assert tally("Who are the most prolific authors on bandits?") == [
        ("Ann Lee", 3, 3), ("Bo Chen", 2, 2), ("Cy Dunn", 1, 1)]
    assert tally("How many authors have papers on bandits?") == [
        ("Ann Lee", 3, 3), ("Bo Chen", 2, 2), ("Cy Dunn", 1, 1)]
    assert tally("Which institutions publish most on bandits?") == [  # each one however
        ("MIT", 3, 3), ("Stanford University", 2, 2), ("Google", 1, 1)]  # written
    assert tally("What are the top venues for bandits?") == [("COLT", 3, 3), ("UAI", 1, 1)]
    for question in ("which institutions appear most often?", "which institutions are most "
                     "common?"):  # with no list: of every paper (it searched "institutions")
        assert fast_chat.ask(question).answer.splitlines()[1] == prompts.render(
            prompts.TALLY_HEADER, by="institution"), question
    for first, then, line in (  # "what about X?" after a tally: X's papers, counted alike
            ("Who are the most prolific authors on bandits?", "what about kernels?",  # (they
             "1. Di Ng: 1 paper [1]"),  # were listed, not counted)
            ("Which institutions have the most COLT papers?", "and at UAI?",
             "1. MIT: 2 papers [1][2]")):
        conv = Conversation()
        fast_chat.ask(first, conv)
        assert fast_chat.ask(then, conv).answer.splitlines()[2] == line, (first, then)
    for question, lines in (  # an author's papers by venue or year (it searched
            ("which conferences does Ann Lee publish at?", ["1. COLT: 2 papers",  # the words)
                                                            "2. UAI: 1 paper"]),
            ("In which years did Ann Lee publish?", ["1. 2023: 1 paper", "2. 2024: 2 papers"]),
            ("which venue did Ann Lee publish most at?", ["1. COLT: 2 papers", "2. UAI: 1 paper"]),
            ("Where does Ann Lee publish most?", ["1. COLT: 2 papers", "2. UAI: 1 paper"])):
        a = fast_chat.ask(question)  # (the last two: "no indexed paper by Ann Lee matches
        assert [re.sub(r" \[.*", "", x) for x in a.answer.splitlines()[2:4]] == lines, (  # “venue
            question, a.answer)  # publish”")
    assert tally("who are the key institutions for bandits?") == [  # (by author, then
        ("MIT", 3, 3), ("Stanford University", 2, 2), ("Google", 1, 1)]  # refused)
    assert tally("Who are the main researchers on bandits?") == [
        ("Ann Lee", 3, 3), ("Bo Chen", 2, 2), ("Cy Dunn", 1, 1)]
    assert tally("How many papers on bandits per year?") == [("2023", 1, 1), ("2024", 3, 3)]
    assert tally("How many papers per year are about bandits?") == [  # ("per year" was a
        ("2023", 1, 1), ("2024", 3, 3)]  # topic word)
    assert tally("Which year had the most papers on bandits?") == [
        ("2023", 1, 1), ("2024", 3, 3)]
    for question in ("How has the number of papers on bandits changed from 2023 to 2024?",
                     "Is bandits research growing over the years?",
                     "how has research on bandits evolved over time?"):  # (topic words)
        assert tally(question) == [("2023", 1, 1), ("2024", 3, 3)], question
    assert tally("What are the main topics of bandit papers?") == [
        ("Learning theory", 3, 3), ("Optimization", 1, 1)]
    a = fast_chat.ask("Who are the most prolific authors on bandits?")
    assert a.answer.splitlines()[1] == ("By author, the most papers first (the numbers are the "
                                        "papers of the list):")
    # an author of that tally by place: their papers counted (it picked the first paper)
    for first, question, ids in (
            ("Who are the most prolific authors on bandits?", "What did the first one work on?",
             ["b0", "b1", "b2"]),
            ("Who are the most prolific authors on bandits?", "and the second?", ["b0", "b3"]),
            ("Which institutions publish most on bandits?", "what did the second one publish?",
             ["b1", "b2"]),  # (not every Stanford paper: "publish" no topic)
            ("What are the top venues for bandits?", "show me the second one", ["b2"]),
            # ... or by name ("MIT ones" was searched: refused)
            ("Which institutions publish most on bandits?", "show me the MIT ones",
             ["b0", "b2", "b3"]),
            ("Who are the most prolific authors on bandits?", "what about Bo Chen's papers?",
             ["b0", "b3"]),
            # ... by area: the papers it counted there (it searched "topic 2": refused)
            ("What are the main topics of bandit papers?", "tell me about topic 2", ["b3"]),
            ("What are the main topics of bandit papers?", "show me the first one",
             ["b0", "b1", "b2"])):
        conv = Conversation()
        fast_chat.ask(first, conv)
        a = fast_chat.ask(question, conv)
        assert sorted(p["paper_id"] for p in a.papers) == ids, (question, a.answer)
    assert a.answer.splitlines()[0] == ("3 papers of the 4 from the previous answer match "
                                        "\u201cLearning theory\u201d:")
    # the last list counted by a field (it narrowed the list to "per year": none; or counted
    # every paper of the index by year)
    for question, by in (("how many per year?", "By year"), ("which venue had the most?",
                                                             "By venue"),
                         ("break them down by institution", "By institution"),
                         ("how many from each venue?", "By venue"),  # (it narrowed to
                         ("how many are there in every year?", "By year")):  # "venue")
        conv = Conversation()
        fast_chat.ask("Which papers study bandits?", conv)
        a = fast_chat.ask(question, conv)
        assert sorted(p["paper_id"] for p in a.papers) == ["b0", "b1", "b2", "b3"], question
        assert a.answer.splitlines()[1].startswith(by), (question, a.answer)
    conv = Conversation()
    fast_chat.ask("Who are the most prolific authors on bandits?", conv)
    plan = fast_chat.answerer().plan("Which papers on kernels did the second one write?",
                                     conv, None)  # a topic: theirs on it, anywhere
    assert plan.filters.author == "Bo Chen" and plan.scope is None
    lines, fast_chat.settings.llm.listing_lines = fast_chat.settings.llm.listing_lines, 2
    try:
        a = fast_chat.ask("Which authors have the most papers on bandits?")
    finally:
        fast_chat.settings.llm.listing_lines = lines
    assert a.answer.splitlines()[-1] == "\u2026 and 1 more author (3 in all)"
    assert a.unsupported_sentences == [] and not a.invalid_citations
    a = fast_chat.ask("Which institutions publish most on graphs?")
    assert [p["paper_id"] for p in a.papers] == ["y"]
    assert a.answer.splitlines()[1] == ("The papers give no affiliations, so they cannot be "
                                        "counted by institution; here they are:")
    assert a.answer.splitlines()[2].startswith("1. **Graphs** (Di Ng")
    # no topic: every paper (of the venue and year named) counted; it was refused, "no
    # indexed paper matches “Which papers ?”"
    a = fast_chat.ask("Who published the most papers?")
    lines = a.answer.splitlines()
    assert a.count == 6 and lines[:2] == [
        "The index holds 6 papers:", "By author, the most papers first (the numbers are the "
        "papers of the list):"] and lines[2].startswith("1. Ann Lee: 3 papers"), a.answer
    a = fast_chat.ask("Which institutions have the most papers at COLT 2024?")
    assert a.count == 2 and a.answer.splitlines()[2].startswith("1. MIT: 2 papers"), a.answer


def test_papers_close_to_a_passage_the_question_gives(chat: PaperChat) -> None:
    """A pasted passage ("Find papers related to this abstract: ...", "papers similar to" a
    text no paper is titled, an abstract pasted alone) lists the papers closest in meaning to
    it, as many as search returns above the similarity floor, under a first line quoting its
    first words; its words are not respelled. A question with a short text after a colon is
    read as usual."""
    paper = max(chat.index.all_papers(), key=lambda p: len(p.abstract))
    passage = " ".join(split_sentences(paper.abstract)[:3])
    assert len(passage.split()) >= 50
    first = " ".join(passage.split()[:8])
    for question in (f"Find papers related to this abstract: {passage}",
                     f"Which papers are similar to {passage}",
                     f"Which papers are related to this idea: {passage}",
                     f"Related work for my paper:\n{passage}", passage):
        a = chat.ask(question)
        assert a.kind == "listing" and a.papers[0]["paper_id"] == paper.paper_id, question
        assert a.answer.splitlines()[0] == (
            f"The {a.count} paper{'s' * (a.count != 1)} in the indexed abstracts closest in "
            f"meaning to the text \u201c{first}\u2026\u201d:"), question
        assert 1 <= a.count <= chat.settings.retrieval.k
    plan = chat.answerer().plan("Which papers study this: bandits?", None, None)
    assert not plan.like_text and plan.kind == "listing"
    plan = chat.answerer().plan("Summarize the papers on: bilevel optimization, zeroth-order "
                                "methods and optimal transport for learning with many tasks",
                                None, None)
    assert not plan.like_text and plan.kind == "summary"
    a = chat.ask("Find papers related to this abstract: We bake sourdough bread at home with "
                 "flour, water and salt, fold the dough every hour and let it rise overnight "
                 "in a cool kitchen before baking it in a hot oven.")
    assert a.refused and not a.papers


def test_a_follow_up_picks_papers_of_the_last_listing_by_their_place(fast_chat: PaperChat,
                                                                      tmp_path: Path) -> None:
    """"Tell me more about the first one", "what about paper 3?", "summarize [2] and [4]",
    "the first two papers", "the last one" answer about those papers of the last listing, in
    its order, and a later pick still counts in that listing; "how many are there?" lists the
    papers of the last list again under their count (a narrowed list's, not a pick's). Out of
    range, a number is read as usual; with no listing before, a pick alone is answered that
    there is none."""
    rows = [{"id": f"ot{i}", "title": f"Optimal transport study {i}",  # less alike further on
             "abstract": f"We study optimal transport in setting {i}. Bounds follow"
             + " and hold" * i + "."} for i in range(1, 6)]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    listing = fast_chat.ask("Which papers study optimal transport?", conv)
    order = [p["paper_id"] for p in listing.papers]
    assert len(order) == 5
    for question, places in (("Tell me more about the first one.", [0]),
                             ("What about paper 3?", [2]),
                             ("and the second one?", [1]),
                             ("Summarize [2] and [4].", [1, 3]),
                             ("What do the first two papers propose?", [0, 1]),
                             ("What does #5 prove?", [4]),
                             ("And the last one?", [4])):
        a = fast_chat.ask(question, conv)
        assert a.kind == "summary", question
        assert sorted(p["paper_id"] for p in a.papers) == sorted(order[i] for i in places), (
            question)
    # several places named ("the first and the third": it picked the third alone), each paper
    # in the order picked (they were ordered by closeness to the listing's topic)
    for question, places in (("Compare the first and the third", [0, 2]),
                             ("who wrote the fourth and the second?", [3, 1]),
                             ("who wrote the second and the fourth?", [1, 3]),
                             ("who wrote the fifth and the first?", [4, 0]),
                             ("who wrote the first and the fifth?", [0, 4]),
                             ("Summarize the second, third and fifth papers.", [1, 2, 4])):
        a = fast_chat.ask(question, conv)
        assert [p["paper_id"] for p in a.papers] == [order[i] for i in places], question
    assert conv.last is not None and conv.last.picked and conv.listed is conv.turns[0]
    # the paper picked first, then what is asked of it (it was a summary of the paper)
    for question, place, fact in (
            ("the second one: who wrote it and where are they from?", 1, "authors+affiliations"),
            ("for paper 3, who are the authors?", 2, "authors"),
            ("who wrote paper 4?", 3, "authors"),
            ("The last one - when was it published?", 4, "when")):
        plan = fast_chat.answerer().plan(question, conv, None)
        assert (plan.scope, plan.fact) == ([order[place]], fact), question
    assert _pick_first("the first one: what is the dataset that it uses?") == (
        "what is the dataset that the first one uses?")  # "that" no pronoun there
    assert _pick_first("the first one-shot method: does it work?") == (
        "the first one-shot method: does it work?")
    # BibTeX of the list, or of the papers picked (it summarized papers on "bibtex")
    a = fast_chat.ask("export them as BibTeX", conv)
    assert a.answer.startswith("BibTeX for the 5 papers of the last list") and not a.papers
    assert a.answer.count("@misc{") == 5 and "title = {Optimal transport study 4}" in a.answer
    a = fast_chat.ask("give me the bibtex for the second and fourth ones", conv)
    assert a.answer.count("@misc{") == 2 and a.answer.index("study 2}") < a.answer.index(
        "study 4}"), a.answer
    for question in ("cite the second one", "how do I cite the second paper?"):  # (it
        a = fast_chat.ask(question, conv)  # summarized the paper)
        assert a.answer.count("@misc{") == 1 and "study 2}" in a.answer, (question, a.answer)
    # ... as CSV, or its links (these papers have none; it searched "csv", "links")
    a = fast_chat.ask("export them as csv", conv)
    assert a.answer.startswith("CSV for the 5 papers of the last list") and not a.papers
    rows = a.answer.split("```csv\n")[1].split("\n```")[0].splitlines()
    assert rows[0] == "title,authors,venue,year,status,url" and len(rows) == 6, a.answer
    assert fast_chat.ask("give me the links", conv).answer == prompts.render(
        prompts.NO_LINKS, count=5, s="s", which="of the last list")
    # ... of a part of the list: those the narrowing to it finds (it exported all five)
    part = fast_chat.ask("Of those, which are about setting 2?", Conversation(list(conv.turns)))
    for question in ("bibtex for the ones about setting 2", "export the setting 2 papers as "
                     "bibtex"):
        a = fast_chat.ask(question, conv)
        assert a.answer.startswith(f"BibTeX for the {part.count} paper{'s' * (part.count > 1)}"
                                   " of the last list matching \u201csetting 2\u201d"), a.answer
        assert a.answer.count("@misc{") == part.count and "study 2}" in a.answer, a.answer
        assert not a.papers and conv.listed is conv.turns[0], question  # (no turn)
    a = fast_chat.ask("bibtex for the five papers", conv)  # the list (not those naming
    assert a.answer.startswith("BibTeX for the 5 papers of the last list,"), a.answer  # "five")
    plan = fast_chat.answerer().plan("compare the fourth and the last one", conv, None)
    assert plan.scope == order[3:], plan  # (not "the list holds only 5": "last" is a place)
    a = fast_chat.ask("give me the links to the orals", Conversation(list(conv.turns)))
    assert a.refused and "oral" in a.answer and "Links" not in a.answer, a.answer  # (none)
    for question, place in (("more like the first one", 0),  # its neighbours (it was a
                            ("find papers similar to the third one", 2)):  # summary of it)
        plan = fast_chat.answerer().plan(question, conv, None)
        assert plan.like == order[place] and plan.kind == "listing", question
    one = Conversation(list(conv.turns))  # "them" after one paper picked: the list's (it
    fast_chat.ask("What does #5 prove?", one)  # narrowed the paper picked)
    plan = fast_chat.answerer().plan("which of them study setting 2?", one, None)
    assert plan.scope == order, plan
    plan = fast_chat.answerer().plan("do any of them study setting 2?", conv, None)
    assert plan.scope == conv.turns[-1].paper_ids and "setting 2" in plan.topic  # of those
    # (it was a summary)
    a = fast_chat.ask("How many are there?", conv)  # in the list, not the pick
    assert a.kind == "listing" and [p["paper_id"] for p in a.papers] == order
    assert a.answer.splitlines()[0] == "The last list holds 5 papers:"
    conv = Conversation()
    fast_chat.ask("Which papers study optimal transport?", conv)
    narrowed = fast_chat.ask("Of those, which study setting 2?", conv)
    assert 1 <= narrowed.count < 5
    a = fast_chat.ask("How many are there?", conv)
    assert [p["paper_id"] for p in a.papers] == [p["paper_id"] for p in narrowed.papers]
    assert a.answer.splitlines()[0] == (
        f"The last list holds {narrowed.count} paper{'s' * (narrowed.count > 1)}:")
    assert not fast_chat.answerer().plan("What about paper 9?", conv, None).picked
    for question in ("What about paper 9?", "who wrote the ninth one?"):  # beyond the list: said
        a = fast_chat.ask(question, Conversation(list(conv.turns)))  # so (it searched "ninth")
        assert a.answer == prompts.render(
            prompts.PICK_BEYOND, count=narrowed.count, s="s" * (narrowed.count > 1),
            to=f" to {narrowed.count}" if narrowed.count > 1 else "") and not a.papers, question
    assert not fast_chat.answerer().plan("Tell me more about the first one.", None,
                                         None).picked
    conv = Conversation()  # a list of none: no list to pick from ("holds only 0 papers")
    fast_chat.ask("Which papers study quantum gravity?", conv)
    assert fast_chat.ask("who wrote the second one?", conv).answer == prompts.NO_LIST_TO_PICK
    for question in ("Tell me more about the second one", "summarize paper 3"):  # no list yet:
        a = fast_chat.ask(question, Conversation())  # said so (it had drawn on any 4 papers)
        assert a.answer == prompts.NO_LIST_TO_PICK and not a.papers, question
    assert fast_chat.ask("Which papers study optimal transport in setting 3?").count >= 1


def test_a_greeting_thanks_or_help_gets_a_reply_not_a_search(fast_chat: PaperChat,
                                                              tmp_path: Path) -> None:
    """"hello" and "what can you do?" are answered with what PaperChat can be asked (the
    catalog's size, an author of it), "thanks!" with a word back; none searches ("hello" had
    summarized papers on Hello Robot), refuses, or becomes the turn a follow-up refers to. A
    question after a greeting is that question ("hi, what can you do?")."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", [
        {"id": "ot", "title": "Optimal transport", "authors": ["Ann Lee"],
         "abstract": "We study optimal transport. Hello robots move."},
        {"id": "cl", "title": "Continual learning", "authors": ["Ann Lee", "Bo Chen"],
         "abstract": "We study continual learning."}])
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    fast_chat.ask("Which papers study optimal transport?", conv)
    for question in ("hello", "Hi there!", "What can you do?", "help", "hi, what can you do?"):
        a = fast_chat.ask(question, conv)  # the last was refused: no paper matches "hi"
        assert not a.refused and not a.papers and a.count == 0, question
        assert a.answer.startswith("I answer from the 2 indexed papers alone"), question
        assert "\u201cWhat did Ann Lee work on?\u201d" in a.answer, question
    for question in ("Thanks!", "ok, thanks!", "Great, thank you.", "ok thanks, bye", "bye!"):
        a = fast_chat.ask(question, conv)
        assert a.answer == "Glad to help. Ask about the indexed papers any time.", question
        assert not a.papers, question
    # nothing to look up: said how to ask ("what do you mean?" had summarized a paper on a
    # "mean", "why?" been refused as matching no paper)
    for question in ("why?", "What do you mean?", "how so?", "really?", "Are you sure?"):
        a = fast_chat.ask(question, conv)
        assert a.answer == prompts.VAGUE and not a.papers and not a.refused, question
    assert len(conv.turns) == 1  # "which of them ...?" still asks of the listing
    a = fast_chat.ask("Hello robots: which papers mention them?")
    assert [p["paper_id"] for p in a.papers] == ["ot"]
    for question in ("Hello! Which papers study continual learning?",
                     "ok, which papers study continual learning?"):  # ("ok" was a topic word)
        a = fast_chat.ask(question)
        assert [p["paper_id"] for p in a.papers] == ["cl"] and a.kind == "listing", question
        assert a.answer.splitlines()[0].endswith("\u201ccontinual learning\u201d:"), a.answer


def test_a_listing_line_names_the_venue_and_year_where_the_catalog_has_several(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """Over papers of several venues or years a listed paper says where and when it appeared,
    unless the question named both (over one venue and year it does not: the other listing
    tests)."""
    rows = [{"id": f"ot{year}", "title": f"Optimal transport {year}", "authors": ["Ann Lee"],
             "abstract": "We study optimal transport.", "conference": venue, "year": year}
            for venue, year in (("COLT", 2024), ("UAI", 2023))]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    lines = fast_chat.ask("Which papers study optimal transport?").answer.splitlines()
    assert "**Optimal transport 2024** (Ann Lee \u00b7 COLT 2024)" in lines[1]
    assert "**Optimal transport 2023** (Ann Lee \u00b7 UAI 2023)" in lines[2]
    lines = fast_chat.ask("Which COLT 2024 papers study optimal transport?").answer.splitlines()
    assert "**Optimal transport 2024** (Ann Lee)" in lines[1]


def test_a_polite_lead_is_no_part_of_the_question(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Can you find papers on X?", "I'm looking for papers on X", "do you have papers on X?"
    are listings of X (were summaries whose topic held "I'm looking"); "could you please
    summarize ..." stays a summary. So are "show me everything on X", "count the papers on
    X", and "wich paprs study X?" (asking words misspelled: not the topic's); "the COCO
    dataset" is COCO; "the Segment Anything Model" keeps its "Anything"."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", [
        {"id": "ot", "title": "Optimal transport", "abstract": "We study optimal transport."},
        {"id": "cl", "title": "Continual learning", "abstract": "We study continual learning."},
        {"id": "coco", "title": "Detection", "abstract": "We evaluate detectors on COCO."},
        {"id": "sam", "title": "Medical SAM",
         "abstract": "We adapt the Segment Anything Model to scans."},
        {"id": "seg", "title": "Cells", "abstract": "We segment cells with a model of anything."}])
    answerer = fast_chat.answerer()
    # a vocabulary, as the default embedder's: misspelled asking words are read only with one
    answerer.reader.words = frozenset({"optimal", "safe"})
    for question, kind, topic in (
            ("I'm looking for papers on continual learning", "listing", "continual learning"),
            ("Can you find papers about optimal transport?", "listing", "optimal transport"),
            ("Hi, could you list papers on optimal transport?", "listing", "optimal transport"),
            ("Do you have papers on continual learning?", "listing", "continual learning"),
            ("I want to find papers on optimal transport", "listing", "optimal transport"),
            ("Could you please summarize the papers on optimal transport?", "summary",
             "optimal transport"),
            # other ways to ask, and the asking words misspelled: the same listing
            ("Show me everything on optimal transport", "listing", "optimal transport"),
            # (summaries, "stuff" and "gimme" topic words)
            ("anything on optimal transport?", "listing", "optimal transport"),
            ("any on optimal transport?", "listing", "optimal transport"),
            ("show me stuff about continual learning", "listing", "continual learning"),
            ("gimme 3 papers on optimal transport", "listing", "optimal transport"),
            ("hey, got anything about optimal transport?", "listing", "optimal transport"),
            ("Is there anything on optimal transport?", "listing", "optimal transport"),
            ("what's out there on continual learning", "listing", "continual learning"),
            ("papers on optimal transport in general", "listing", "optimal transport"),
            ("I need papers for my thesis on optimal transport", "listing", "optimal transport"),
            ("papers on transport, but only the optimal ones", "listing",  # (it searched
             "optimal transport"),  # "ones")
            ("Which papers apply optimal transport to continual learning?", "listing",
             "optimal transport for continual learning"),  # ("apply ... to" words to find)
            ("What are the most recent advances in optimal transport?", "summary",
             "optimal transport"),  # ("recent" a topic word)
            ("Which papers challenge optimal transport?", "summary", "optimal transport"),
            ("looking for work on optimal transport", "listing", "optimal transport"),
            ("research on continual learning pls", "listing", "continual learning"),
            ("I'd like to read about optimal transport", "summary", "optimal transport"),
            ("What are people doing with optimal transport?", "summary", "optimal transport"),
            ("define optimal transport", "summary", "optimal transport"),  # ("define" a word)
            ("what is the definition of optimal transport?", "summary", "optimal transport"),
            ("can you explain what optimal transport means?", "summary", "optimal transport"),
            ("what methods exist for optimal transport?", "listing", "optimal transport"),
            ("give me a short summary of the papers on optimal transport", "summary",
             "optimal transport"),  # (a listing: "summary" no word)
            ("is optimal transport mentioned anywhere?", "listing", "optimal transport"),
            ("which techniques have been proposed for continual learning?", "listing",
             "continual learning"),  # ("exist", "techniques proposed" were words to find)
            ("what does OT stand for?", "summary", "OT"),  # ("means", "stand" were words)
            ("what are researchers working on in continual learning?", "summary",
             "continual learning"),
            ("What are the latest advances in optimal transport?", "listing",
             "optimal transport"),  # newest first, "advances" no word to find
            ("whats new in optimal transport?", "listing", "optimal transport"),
            # what the reader is writing names the topic; "should I cite" is no citation asked
            ("I'm writing a survey on optimal transport. Which papers should I cite?",
             "listing", "optimal transport"),
            ("Which papers on continual learning should I read?", "listing",
             "continual learning"),
            ("what are some good papers to start learning about optimal transport?",
             "listing", "optimal transport"),  # ("good start learning" were topic words)
            ("introductory papers on continual learning", "listing", "continual learning"),
            # ... or what the papers are for ("literature review" was a topic)
            ("I need papers on continual learning for my literature review", "listing",
             "continual learning"),
            ("papers on optimal transport for a survey I'm writing", "listing",
             "optimal transport"),
            ("What are the main findings on optimal transport?", "summary",
             "optimal transport"),
            # context before the question: no words to find ("curious", "building", "robot")
            ("I'm curious. Which papers study optimal transport?", "listing",
             "optimal transport"),
            ("We are building a robot. Which papers study continual learning?", "listing",
             "continual learning"),
            # ... and after it, asking for all or thanking ("want" was a word to find)
            ("Papers on optimal transport. I want all of them.", "listing",
             "optimal transport"),
            ("Which papers study continual learning? Please list them all. Thanks!", "listing",
             "continual learning"),
            # ... not one asking of its own ("List all papers on X." was dropped as one)
            ("I work on robotics. List all papers on optimal transport.", "listing",
             "optimal transport"),
            ("We are building a robot. Show me all the papers about continual learning.",
             "listing", "continual learning"),
            # ... and one saying what to focus on: part of the topic ("focus" was a word)
            ("Which papers study continual learning? Please focus on optimal transport.",
             "listing", "continual learning on optimal transport"),
            ("Which papers study continual learning? I'm especially interested in online "
             "continual learning.", "listing", "online continual learning"),
            ("Which papers study continual learning? I'm interested in all of them.",
             "listing", "continual learning"),
            ("count the papers on optimal transport", "listing", "optimal transport"),
            ("What's the number of papers on optimal transport?", "listing",
             "optimal transport"),
            ("wich paprs study optimal transport?", "listing", "optimal transport"),
            ("which papres are about optimal transport pls", "listing", "optimal transport"),
            # "the COCO dataset": COCO (few papers write "COCO dataset")
            ("Which papers use the COCO dataset?", "listing", "COCO"),
            ("Which papers use the Adam optimizer?", "listing", "Adam"),
            ("papers evaluated on the MuJoCo benchmark", "listing", "MuJoCo"),
            # a name's capitalized stopword is a word of it, not one the search drops
            ("Which papers use the Segment Anything Model?", "listing",
             "Segment-Anything Model"),
            # ... in a short question (most of its words capitalized: it was read as title
            # case), and of two words
            ("papers on the Segment Anything Model", "listing", "Segment-Anything Model"),
            ("Which papers use Segment Anything?", "listing", "Segment-Anything"),
            ("Which Papers Study Segment Anything", "listing", "Segment-Anything"),  # (title
            # case: it was "Segment")
            # a thing named by what it is called: the name (the topic was "called 'X'")
            ("Which papers mention a method called 'optimal transport'?", "listing",
             "optimal transport"),
            ("papers using a technique known as continual learning", "listing",
             "continual learning"),
            ("Are there papers on a model named \"Segment Anything\"?", "listing",
             "Segment-Anything")):
        plan = answerer.plan(question, None, None)
        assert (plan.kind, plan.topic) == (kind, topic), question
        assert not plan.respelled, question  # nothing to say about the asking words
    assert answerer.plan(  # not what the papers are for: a topic's words
        "papers on citation recommendation for the related work section", None,
        None).query.endswith("work section")
    assert not answerer.plan("Which papers on optimal transport should I cite?", None,
                             None).citing  # (it said abstracts cannot tell who cites whom)
    # a sentence goes on after "et al." (it asked "which study continual learning?")
    assert _last_asked("Which papers by Lee et al. which study continual learning?") == (
        "Which papers by Lee et al. which study continual learning?")
    assert _listed(fast_chat, "Which papers use the Segment Anything Model?") == ["sam"]
    assert _listed(fast_chat, "Which papers use Segment Anything?") == ["sam"]
    # two capitalized words joined only by a function word, a question in title case not
    # (but "Anything" or "Everything" after a word that asks nothing)
    assert _names_joined("papers on the Newton Method") == "papers on the Newton Method"
    assert _names_joined("what did Kaiming He publish?") == "what did Kaiming He publish?"
    assert _names_joined("Which Papers Study Segment Anything") == (
        "Which Papers Study Segment-Anything")
    for question in ("Which Papers Study Kaiming He", "Do You Have Anything On Bandits"):
        assert _names_joined(question) == question


def test_a_misspelled_word_is_read_as_the_word_the_papers_write(fast_chat: PaperChat,
                                                                  tmp_path: Path) -> None:
    """"federated lerning" finds the papers on federated learning, and the answer says how it
    read the word; a word one edit from none the papers write stays as it is and the
    question is refused; so do names and words a paper writes."""
    rows = [{"id": f"fl{i}", "title": f"Federated learning {i}", "authors": ["Jan Kowalczyk"],
             "abstract": f"We study federated learning with {w} clients."}
            for i, w in enumerate(["honest", "faulty", "many"])]
    rows.append({"id": "once", "title": "Quadrature", "authors": ["Ann Lee"],
                 "abstract": "We study quadrature rules."})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("Which papers study federated lerning?")
    assert sorted(p["paper_id"] for p in a.papers[:3]) == ["fl0", "fl1", "fl2"]
    assert a.answer.splitlines()[0] == (
        "Read \u201clerning\u201d as \u201clearning\u201d, as the indexed papers write it.")
    assert "match \u201cfederated learning\u201d: 3 name it" in a.answer.splitlines()[1]
    answerer = fast_chat.answerer()
    assert answerer.plan("Which papers study federatd lerning?", None, None).respelled == [
        ("federatd", "federated"), ("lerning", "learning")]
    assert answerer.plan("Which papers study non-federated lerning?", None, None).respelled == [
        ("lerning", "learning")]  # a part of a hyphenated word too
    for question in ("Which papers study quadrture?",  # "quadrature": one paper writes it
                     "Which papers study photosynthesis?",  # far from every word
                     "what did jan kowalczyk work on?",  # a name
                     "Which papers study Lerning?"):  # capitalized: a name, an acronym
        assert not answerer.plan(question, None, None).respelled, question
    assert fast_chat.ask("Which papers study photosynthesis?").refused
    # a word of the language (the embedder's vocabulary) is no misspelling, however rare in
    # the corpus ("bread" is no "broad"): here "quadrture" stands for such a word
    _ingest_rows(fast_chat, tmp_path / "more.jsonl", [
        {"id": "q2", "title": "Quadrature again", "abstract": "More quadrature rules."}])
    assert fast_chat.answerer().plan("Which papers study quadrture?", None, None).respelled == [
        ("quadrture", "quadrature")]
    plain = Answerer(fast_chat.retriever, fast_chat.index, lambda: None, fast_chat.settings,
                     words=frozenset({"quadrture"}))
    assert plain.plan("Which papers study quadrture?", None, None).respelled == []


def test_a_refusal_names_the_words_no_paper_writes_and_what_the_rest_matches(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Mamba language models": nothing names it (no paper writes "mamba"), so the question
    is refused, and the answer says which word is missing and how many papers match the rest;
    a topic no word of which is written gets the refusal alone."""
    rows = [{"id": f"lm{i}", "title": f"Scaling study {i}",
             "abstract": f"We train language models on {w} text, tune every hyperparameter with "
                         "care, report each result over five seeds and release all our code."}
            for i, w in enumerate(["long", "legal", "noisy", "short", "medical", "old"])]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("Which papers study Mamba language models?")
    assert a.refused and a.papers == [], a.answer
    assert a.answer.endswith(
        "No indexed paper writes \u201cMamba\u201d; 6 papers in the indexed abstracts match "
        "\u201clanguage models\u201d (ask about that to see them).")
    for question in ("Which papers study knitting?", "Which papers study photosynthesis in "
                     "knitting?"):
        a = fast_chat.ask(question)
        assert a.refused and "No indexed paper writes" not in a.answer, question


def test_a_topic_lists_the_same_papers_however_it_is_asked(fast_chat: PaperChat,
                                                          tmp_path: Path) -> None:
    """"papers on X", "how many papers on X", "X", "summarize the papers on X" list what
    "Which papers study X?" lists: the dense side embeds the question, so asking words moved
    the papers matching on meaning alone (63, 79, 92 and 127 NeurIPS papers on "state space
    models")."""
    words = ["space", "state", "models", "control", "robots", "latent", "sequence", "signals"]
    rows = [{"id": f"p{i}", "title": f"Study {i}",
             "abstract": f"We study {words[i % 8]} {words[(i * 3 + 1) % 8]} with "
                         f"{words[(i * 5 + 2) % 8]} papers {'which' if i % 2 else 'on'}."}
            for i in range(24)]
    rows.append({"id": "ssm", "title": "State space models",
                 "abstract": "We study state space models."})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    listed = sorted(p["paper_id"] for p in fast_chat.ask(
        "Which papers study state space models?").papers)
    assert len(listed) > 1  # some on meaning alone
    for question in ("papers on state space models", "How many papers on state space models?",
                     "state space models", "Summarize the papers on state space models"):
        assert sorted(p["paper_id"] for p in fast_chat.ask(question).papers) == listed, question
    # a question describing its topic at length is searched as it is
    long = "Training networks with non-differentiable activations such as binary neurons"
    assert _searched(fast_chat.answerer().plan(long, None, None)) == long


def test_a_topic_in_two_parts_lists_papers_naming_each(fast_chat: PaperChat,
                                                       tmp_path: Path) -> None:
    """"graph neural networks for drug discovery": a paper not naming the whole topic is
    listed only where it names most of each part (GNN theory papers were listed on
    "graph neural networks" and their meaning alone)."""
    rows = [{"id": f"gnn{i}", "title": f"Graph neural networks {i}",
             "abstract": f"We study graph neural networks and their {w} for discovery."}
            for i, w in enumerate(["expressivity", "depth", "width", "training"])]
    rows += [{"id": "both", "title": "Molecules", "abstract":
              "We use graph neural networks for drug discovery."},
             {"id": "apart", "title": "Drug screening", "abstract":
              "Graph neural networks screen each drug; discovery follows."},
             {"id": "drug", "title": "Drug trials", "abstract": "We study drug trials."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    assert _listed(fast_chat, "Which papers use graph neural networks for drug discovery?") == [
        "apart", "both"]
    # a part naming only the field is no part: "fairness in machine learning" is fairness
    assert _two_parts("fairness in machine learning") == _two_parts("pruning in deep networks"
                                                                    ) == ()
    assert _two_parts("transformers to time series") == ("transformers", "time series")
    # none on both parts: refused, with how many match each
    a = fast_chat.ask("Which papers use graph neural networks for drug trials?")
    assert a.refused and a.answer.endswith(
        "No indexed paper matches both; 6 papers in the indexed abstracts match \u201cgraph "
        "neural networks\u201d and 1 \u201cdrug trials\u201d (ask about either to see them).")


def test_show_me_more_writes_out_the_next_papers_of_the_last_list(fast_chat: PaperChat,
                                                                   tmp_path: Path) -> None:
    """"Show me more" after a listing written out in part writes out its next papers, numbered
    by their place in that list (so "paper 4" still picks its fourth), then the next; once all
    are written out it says so (no search, no turn). It had searched for "show me more"."""
    rows = [{"id": f"ot{i}", "title": f"Optimal transport study {i}",
             "abstract": f"We study optimal transport in setting {i}. Bounds follow."}
            for i in range(1, 6)]
    rows.append({"id": "pf", "title": "Protein folding with diffusion",
                 "abstract": "We fold proteins with a diffusion model."})
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    lines, fast_chat.settings.llm.listing_lines = fast_chat.settings.llm.listing_lines, 2
    try:
        conv = Conversation()
        listing = fast_chat.ask("Which papers study optimal transport?", conv)
        order = [p["paper_id"] for p in listing.papers]
        assert len(order) == 5 and listing.answer.splitlines()[-1].startswith(
            "\u2026 and 3 more; all 5")
        a = fast_chat.ask("Show me more", conv)
        body = a.answer.splitlines()
        assert body[0] == "Papers 3 to 4 of the 5 in the last list (\u201coptimal transport\u201d):"
        assert [line[:3] for line in body[1:3]] == ["3. ", "4. "]
        assert body[-1].startswith("\u2026 and 1 more; all 5")
        assert [c.paper_id for c in a.citations] == order[2:4]
        assert [p["paper_id"] for p in a.papers] == order
        a = fast_chat.ask("more please", conv)
        assert a.answer.splitlines()[0].startswith("Paper 5 of the 5 in the last list")
        assert [c.paper_id for c in a.citations] == order[4:]
        turns = len(conv.turns)
        a = fast_chat.ask("And the rest?", conv)
        assert a.answer.startswith("All 5 papers of the last list are written out above")
        assert not a.refused and not a.papers and len(conv.turns) == turns
        a = fast_chat.ask("What about paper 4?", conv)
        assert a.kind == "summary" and [p["paper_id"] for p in a.papers] == [order[3]]
        assert fast_chat.ask("How many are there?", conv).count == 5
        for question in ("list them", "Give me the full list", "show all of them please",
                         "give me their titles only", "just the titles",
                         "what are they?", "how many were there exactly?",  # the list again
                         "how many are left?", "how many remain?",  # (these searched "left")
                         "summarize each of them", "give me a one-line summary of each",
                         "summarize each paper in one sentence"):  # (a line each: these
            # summarized 4 papers, or searched "one-line", "one sentence")
            a = fast_chat.ask(question, conv)  # (not a search for "full", "exactly")
            assert a.answer.startswith("The last list holds 5 papers"), question
            assert [p["paper_id"] for p in a.papers] == order, question
        assert fast_chat.answerer().plan("Show me more", None, None).reply == prompts.NO_LIST
        assert fast_chat.answerer().plan("Tell me more about the first one.", conv, None).picked
        for question, place in (("Who wrote the 2nd one?", 2), ("about the 4th paper", 4)):
            plan = fast_chat.answerer().plan(question, conv, None)  # by number
            assert plan.picked and plan.scope == [order[place - 1]], question
        assert fast_chat.answerer().plan("Who wrote the twelfth one?", conv, None).reply == (
            prompts.render(prompts.PICK_BEYOND, count=5, s="s", to=" to 5"))
        for question in ("compare the first and the sixth", "who wrote papers 2 and 7?"):
            assert fast_chat.answerer().plan(question, conv, None).reply == (  # (not the
                prompts.render(prompts.PICK_BEYOND, count=5, s="s", to=" to 5")), question
        for question in ("how do the first and third differ?",  # first alone) (it searched
                         "how does the first compare to the third?"):  # "first and third
            plan = fast_chat.answerer().plan(question, conv, None)  # differ")
            assert plan.picked and plan.scope == [order[0], order[2]], question
        a = fast_chat.ask("Of those, which study quantum gravity?", conv)  # none: a refusal
        assert a.refused and not a.papers  # after it, "the third one" is still the list's
        assert a.answer.endswith("None of the 5 papers from the previous answer match "
                                 "\u201cquantum gravity\u201d.")  # (it said "match this")
        plan = fast_chat.answerer().plan("Who wrote the third one?", conv, None)
        assert plan.picked and plan.scope == [order[2]] and plan.fact == "authors"
        # ... and "they" the papers of the list (it searched "optimal transport quantum
        # gravity": the refused question's words)
        plan = fast_chat.answerer().plan("What do they prove?", conv, None)
        assert "quantum" not in plan.query and "optimal transport" in plan.query
        assert fast_chat.ask("Which papers study protein folding?", conv).count == 1
        assert fast_chat.ask("Show me more", conv).answer == prompts.NO_MORE_ONE  # not "All 1"
        assert fast_chat.ask("Of those, which study quantum gravity?", conv).answer.endswith(
            "The paper from the previous answer does not match \u201cquantum gravity\u201d.")
    finally:
        fast_chat.settings.llm.listing_lines = lines


def _venue_rows() -> list[dict[str, object]]:
    """Six papers over two venues and years, four on bandits (two orals)."""
    rows: list[dict[str, object]] = []
    for i, (topic, status, venue, year, aff) in enumerate([
            ("bandit problems", "Oral", "COLT", 2024, "MIT"),
            ("bandit problems", "Poster", "COLT", 2025, "Stanford University"),
            ("bandit problems", "Oral", "ALT", 2025, "MIT"),
            ("bandit problems", "Poster", "COLT", 2024, "MIT"),
            ("federated learning", "Poster", "COLT", 2024, "MIT"),
            ("federated learning", "Poster", "ALT", 2025, "Stanford University")]):
        rows.append({"id": f"p{i}", "title": f"On {topic} {i}", "status": status,
                     "abstract": f"We study {topic} in setting {i}. Bounds follow.",
                     "conference": venue, "year": year, "authors": [f"Author {i}"],
                     "affiliations": [aff]})
    return rows


def test_how_do_they_differ_after_an_answer_on_one_paper_says_there_is_nothing_to_compare(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"How do they differ?", "compare them" after a narrowing left one paper: said so, naming
    it (it summarized that paper as if it had been compared); of several, their summary."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    one = fast_chat.ask("which of them are from ALT?", conv)
    assert [p["paper_id"] for p in one.papers] == ["p2"]
    for question in ("how do they differ?", "Compare them.", "what are the differences between "
                     "them?", "so how are these different from each other?"):
        a = fast_chat.ask(question, conv)
        assert a.answer == prompts.render(prompts.ONE_TO_COMPARE, title="On bandit problems 2"
                                          ) and not a.papers, (question, a.answer)
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    a = fast_chat.ask("how do they differ?", conv)
    assert a.kind == "summary" and len(a.papers) == 4, a.answer
    fast_chat.ask("tell me about the first one", conv)  # one picked: "them" is the list
    for question in ("compare them", "summarize them", "what do these have in common?",
                     "summarize these papers"):  # (all but the first summarized the one paper)
        a = fast_chat.ask(question, Conversation(list(conv.turns)))
        assert a.kind == "summary" and len(a.papers) == 4, (question, a.answer)
    for question in ("summarize it", "what do these results imply?"):  # ("these" before a
        a = fast_chat.ask(question, Conversation(list(conv.turns)))  # paper's results: of it)
        assert [p["paper_id"] for p in a.papers] == [conv.last.paper_ids[0]], (question,
                                                                                a.answer)
    a = fast_chat.ask("what do these methods have in common?", Conversation(list(conv.turns)))
    assert len(a.papers) == 4, a.answer


def test_just_the_titles_lists_the_papers_without_their_sentences(fast_chat: PaperChat,
                                                                   tmp_path: Path) -> None:
    """"Just the titles", "what are their titles?", "list the titles of the papers on X",
    "which papers study X? titles only": the same papers, each line its title and authors and
    a citation, no sentence ("titles" had been searched for as a topic word: "No indexed
    abstract names “titles bandit problems”")."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    full = fast_chat.ask("Which papers study bandit problems?", conv)
    ids = [p["paper_id"] for p in full.papers]
    assert len(ids) == 4 and all(": We study" in line for line in full.answer.splitlines()[1:])
    for question in ("just the titles", "what are their titles?", "list only the titles please",
                     "show me the titles with their authors",  # (a summary of them; the
                     "list the titles with venues and years"):  # review's: a title search)
        a = fast_chat.ask(question, Conversation(list(conv.turns)))
        lines = a.answer.splitlines()[1:]
        assert [p["paper_id"] for p in a.papers] == ids, (question, a.answer)
        assert len(lines) == 4 and all(re.fullmatch(
            rf"{n}\. \*\*On bandit problems \d\*\* \(Author \d[^)]*\) \[{n}\]", line)
            for n, line in enumerate(lines, 1)), (question, a.answer)
    for question in ("List the titles of the papers on bandit problems",
                     "titles of papers on bandit problems",
                     "Which papers study bandit problems? Titles only."):
        a = fast_chat.ask(question)
        assert a.kind == "listing" and sorted(p["paper_id"] for p in a.papers) == sorted(
            ids), (question, a.answer)
        assert "titles" not in a.answer.splitlines()[0] and ": We study" not in a.answer, (
            question, a.answer)
    for question in ("Which papers classify documents using only titles?",  # the topic's
                     "Which papers pretrain with titles?"):  # word, not a request for titles
        assert not fast_chat.answerer().plan(question, None, None).titles, question
    a = fast_chat.ask("list all titles")  # with no list: every paper's
    assert len(a.papers) == 6 and a.answer.splitlines()[1].endswith(" [1]"), a.answer
    a = fast_chat.ask("show me the titles of the first two", Conversation(list(conv.turns)))
    assert a.answer.splitlines()[0] == prompts.render(prompts.PICKED_TITLES, count=2, s="s")
    assert [p["paper_id"] for p in a.papers] == ids[:2], a.answer
    lines, fast_chat.settings.llm.listing_lines = fast_chat.settings.llm.listing_lines, 2
    try:  # "show me more" after titles alone: the next titles alone
        conv = Conversation()
        fast_chat.ask("Which papers study bandit problems? Just the titles.", conv)
        a = fast_chat.ask("show me more", conv)
        assert [line.endswith(f" [{n}]") for n, line in enumerate(
            a.answer.splitlines()[1:3], 3)] == [True, True], a.answer
    finally:
        fast_chat.settings.llm.listing_lines = lines


def test_list_them_with_no_list_before_says_so_and_list_all_lists_the_catalog(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """At the start of a chat, "list them", "what are their titles?" say there is no list yet,
    and "list all", "give me the full list" list every paper (each had searched its own
    words: "no indexed paper matches “list them”"); after a list, they are of it."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    for question in ("list them", "Which are they?", "show me all of them",
                     "what are their titles?", "just the titles"):
        a = fast_chat.ask(question, Conversation())
        assert a.answer == prompts.NO_LIST_YET and not a.papers, (question, a.answer)
    for question in ("list all", "List the papers.", "give me the full list"):
        a = fast_chat.ask(question, Conversation())
        assert a.answer.splitlines()[0] == prompts.render(prompts.EVERYTHING_HEADER, count="6")
        assert len(a.papers) == 6, (question, a.answer)
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    for question in ("list them", "list all"):
        a = fast_chat.ask(question, Conversation(list(conv.turns)))
        assert len(a.papers) == 4, (question, a.answer)


def test_a_question_on_the_one_paper_of_the_last_answer_names_it(fast_chat: PaperChat,
                                                                 tmp_path: Path) -> None:
    """"Does it have code?" after an answer on one paper says whether that paper is among the
    papers with linked code, naming it (it said "The previous answer's 1 paper includes 1
    paper with linked code"; none: test_papers_that_link_their_code); "is it from 2024?"
    gives its venue and year, yes or no, as "is the first one from 2024?" after a list
    (it summarized it); "what else did its first author write?",
    where they wrote no other, says no paper by them besides it."""
    rows = _venue_rows()
    rows[2]["abstract"] = f"{rows[2]['abstract']} Code is at https://github.com/a/bandits."
    names = ["Ann Lee", "Bo Chen", "Cy Diaz", "Di Evans", "Ed Fox", "Flo Gray"]
    for row, name in zip(rows, names):
        row["authors"] = [name]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    ids = [p["paper_id"] for p in fast_chat.ask("Which papers study bandit problems?",
                                                conv).papers]
    a = fast_chat.ask("is it from 2024?", Conversation(list(conv.turns)))  # after a list:
    assert sorted(p["paper_id"] for p in a.papers) == ["p0", "p3"], a.answer  # which are
    one = fast_chat.ask("which of them are from ALT?", conv)
    assert [p["paper_id"] for p in one.papers] == ["p2"]
    a = fast_chat.ask("does it have code?", Conversation(list(conv.turns)))
    assert a.answer.splitlines()[0] == prompts.render(
        prompts.HELD_ONE, whose="The previous answer's", on="", title="On bandit problems 2",
        papers="papers with linked code"), a.answer
    assert [p["paper_id"] for p in a.papers] == ["p2"]
    conv = Conversation(conv.turns[:1])
    title = f"On bandit problems {ids[0][1:]}"  # (at COLT 2024, an oral)
    # a pick asked of: its venue and year, yes or no (it summarized the first one)
    for question, said in (("is the first one from 2024?", "Yes"),
                           ("was paper 1 published in 2025?", "No"),
                           ("is the first one an oral?", "Yes")):
        a = fast_chat.ask(question, Conversation(list(conv.turns)))
        assert [p["paper_id"] for p in a.papers] == ids[:1], (question, a.answer)
        assert a.answer.startswith(f"{said}: \u201c{title}\u201d "), (question, a.answer)
    # "and the second one?" asks it again of that one (it summarized the paper); after a
    # pick asking nothing of the catalog, a summary still
    picks = Conversation(list(conv.turns))
    fast_chat.ask("is the first one from 2024?", picks)
    year = {row["id"]: row["year"] for row in rows}
    for question, n in (("and the second one?", 1), ("what about the third?", 2)):
        a = fast_chat.ask(question, picks)
        assert [p["paper_id"] for p in a.papers] == [ids[n]], (question, a.answer)
        assert a.answer.startswith("Yes: " if year[ids[n]] == 2024 else "No: "), a.answer
    fast_chat.ask("tell me about the first one", picks)
    a = fast_chat.ask("and the second one?", picks)
    assert [p["paper_id"] for p in a.papers] == [ids[1]] and "appeared" not in a.answer, a.answer
    fast_chat.ask("tell me about the first one", conv)
    for question, said in (("is it from 2024?", "Yes"),  # (it gave the venue and year alone)
                           ("Was this paper published at COLT 2025?", "No"),
                           ("was it at ALT 2024?", "No"), ("was it at Colt 2024?", "Yes"),
                           ("was it published in May 2024?", "Yes")):  # (no venue: the year)
        a = fast_chat.ask(question, Conversation(list(conv.turns)))
        assert a.answer.startswith(f"{said}: \u201c{title}\u201d appeared at "), (
            question, a.answer)
    a = fast_chat.ask("what else did its first author write?", Conversation(list(conv.turns)))
    assert a.refused and a.answer == (  # (not "no indexed paper besides “X” matches “Author 0”")
        f"{prompts.CANNOT_ANSWER_PHRASE}: no indexed paper by {names[int(ids[0][1:])]} besides "
        f"\u201c{title}\u201d."), a.answer


def test_papers_with_a_word_in_the_title_are_those_whose_title_names_it(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Papers with the word 'bandit' in the title", "which papers have bandit in their
    titles?", "papers whose title mentions X": the papers whose title names it, not those whose
    abstract does alone, the first line saying "by title" ("title" had been searched as a word:
    "no indexed paper matches “word 'bandit' title”"); none where no title names it."""
    rows = [*_venue_rows(), {"id": "p6", "title": "On regret", "authors": ["Author 6"],
                             "abstract": "We study bandit problems and regret. Bounds follow."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    assert "p6" in [p["paper_id"] for p in fast_chat.ask("Which papers study bandits?").papers]
    for question in ("show me papers with the word 'bandit' in the title",
                     "which papers have bandit in their titles?",
                     "how many papers have bandit in the title?",
                     "papers whose title mentions bandit",
                     "which titles mention bandit?",  # titles asked for (each was refused:
                     "titles containing 'bandit'",  # no paper matched "titles mention bandit")
                     "list all titles with bandit", "how many titles mention bandit?"):
        a = fast_chat.ask(question)
        assert sorted(p["paper_id"] for p in a.papers) == ["p0", "p1", "p2", "p3"], (
            question, a.answer)
        assert a.answer.startswith("4 papers by title "), (question, a.answer)
    a = fast_chat.ask("which papers have bounds in their titles?")
    assert a.refused and not a.papers and "by title" in a.answer, a.answer
    a = fast_chat.ask("Which oral papers have bandit in the title?")
    assert sorted(p["paper_id"] for p in a.papers) == ["p0", "p2"], a.answer
    assert not fast_chat.answerer().plan(  # (a title's words, not the paper's)
        "which papers use bandit problems in the title generation task?", None, None).title_words
    assert not fast_chat.answerer().plan("papers that generate titles with bandit problems",
                                         None, None).title_words
    for question in ("show me the titles with their authors",  # (the review's: searched
                     "list the titles with venues and years"):  # titles naming "their authors")
        assert not fast_chat.answerer().plan(question, None, None).title_words, question
    a = fast_chat.ask("papers on bandit problems with 'regret' in the title")  # a topic and
    assert [p["paper_id"] for p in a.papers] == ["p6"], a.answer  # a title's word apart
    assert a.answer.splitlines()[0].startswith(
        "1 paper with \u201cregret\u201d in the title in the indexed abstracts matches "
        "\u201cbandit problems\u201d"), a.answer
    a = fast_chat.ask("papers with bandit in the title or abstract")  # anywhere
    assert len(a.papers) == 5 and "title" not in a.answer.splitlines()[0], a.answer
    conv = Conversation()
    fast_chat.ask("Which papers study bandits?", conv)
    for question in ("which of them have bandit in the title?",
                     "do any of them have bandit in the title?"):  # (the last: a summary)
        a = fast_chat.ask(question, Conversation(list(conv.turns)))
        assert sorted(p["paper_id"] for p in a.papers) == ["p0", "p1", "p2", "p3"], (
            question, a.answer)


def test_papers_with_a_word_in_the_title_where_none_has_a_title_says_so(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """A paper list without titles (as the demo corpus): "papers with X in the title" says no
    paper gives one (it said "no indexed paper by title matches “X”")."""
    rows = [{k: v for k, v in row.items() if k != "title"} for row in _venue_rows()]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("which papers have bandit in their titles?")
    assert a.answer == prompts.NO_TITLES and not a.papers, a.answer
    assert len(fast_chat.ask("which papers study bandit problems?").papers) == 4


def test_papers_studying_x_are_on_x(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Papers studying X", "papers investigating X": on X, as "papers that study X" (the
    first line named “studying bandit problems”, and its word was searched)."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    for question in ("papers studying bandit problems", "Papers investigating bandit problems?"):
        a = fast_chat.ask(question)
        assert a.answer.splitlines()[0].startswith(
            "4 papers in the indexed abstracts match \u201cbandit problems\u201d"), a.answer


def test_a_summary_of_papers_none_of_which_names_the_topic_says_so(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Summarize the papers on bandit learning" where no abstract names it says so first, as a
    listing does ("No indexed abstract names ...; from the 2 papers on related terms or
    meaning:"; it wrote their sentences with no first line, as if on it); "what is the state of
    the art in X?" is that summary (it searched "state of the art" too)."""
    rows = _venue_rows()
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question in ("Summarize the papers on bandit learning",
                     "What is the state of the art in bandit learning?"):
        a = fast_chat.ask(question)
        assert sorted(p["paper_id"] for p in a.papers) == ["p4", "p5"], (question, a.answer)
        assert a.answer.splitlines()[0] == prompts.render(
            prompts.SUMMARY_HEADER_NONE, nothing="No indexed abstract", topic="bandit learning",
            count=2, s="s"), (question, a.answer)
    topics = ("bandit problems", "federated learning")
    more = [{**rows[i % 2 * 4], "id": f"m{i}", "title": f"On {topics[i % 2]} m{i}"}
            for i in range(8)]  # (more papers than a summary draws on)
    _ingest_rows(fast_chat, tmp_path / "more.jsonl", [*rows, *more])
    a = fast_chat.ask("Summarize the papers on bandit learning")
    assert len(a.papers) > 4 and a.answer.splitlines()[0] == prompts.render(
        prompts.SUMMARY_HEADER_NONE_MORE, nothing="No indexed abstract", topic="bandit learning",
        count=len(a.papers), shown=4), a.answer
    a = fast_chat.ask("Summarize the papers on bandit problems")  # (they name it: as before)
    assert a.answer.splitlines()[0].startswith(
        f"{len(a.papers)} papers in the indexed abstracts match \u201cbandit problems\u201d;"), (
        a.answer)


def test_a_narrowing_of_an_authors_papers_names_the_author_in_each_line(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Which of them are from COLT?" after "what did Ann Lee work on?": each line "First 0 et
    al., with Ann Lee", as the list before (the author was hidden in "et al.")."""
    rows = _venue_rows()
    for i, row in enumerate(rows):
        row["authors"] = [f"First {i}", "Mid Person", "Ann Lee"]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    conv = Conversation()
    before = fast_chat.ask("What did Ann Lee work on?", conv)
    assert len(before.papers) == 6 and all(
        "et al., with Ann Lee" in line for line in before.answer.splitlines()[1:]), before.answer
    for question in ("which of them are from COLT?", "which of those study bandit problems?"):
        a = fast_chat.ask(question, conv)
        lines = a.answer.splitlines()[1:]
        assert lines and all(re.match(r"\d+\. \*\*On .*\*\* \(First \d et al\., with Ann Lee\b",
                                      line) for line in lines), (question, a.answer)
    for first in ("Which papers study bandit problems?", "What did Ann Lee work on?"):
        conv = Conversation()  # (no author asked: as before; nor where the list narrowed
        fast_chat.ask(first, conv)  # asked none, though an author's list holds its papers)
        fast_chat.ask("Which papers study bandit problems?", conv)
        a = fast_chat.ask("which of them are from COLT?", conv)
        assert a.papers and "with Ann Lee" not in a.answer, (first, a.answer)


def test_the_previous_answers_papers_are_the_last_answers(fast_chat: PaperChat,
                                                          tmp_path: Path) -> None:
    """"Which of the previous answer's papers are orals?", "which in the last results are
    from ALT?": of the last answer, as "which of them" (they searched "previous answer",
    "last results" among every oral, every ALT paper)."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    for question, ids in (("which of the previous answer's papers are orals?", ["p0", "p2"]),
                          ("Which of the previous results are orals?", ["p0", "p2"]),
                          ("which in the last results are from ALT?", ["p2"])):
        conv = Conversation()
        fast_chat.ask("Which papers study bandit problems?", conv)
        a = fast_chat.ask(question, conv)
        assert sorted(p["paper_id"] for p in a.papers) == ids, (question, a.answer)
        assert a.answer.startswith("The previous answer's 4 papers include"), a.answer
    plan = fast_chat.answerer().plan(  # (words of a topic, not the last answer)
        "which papers report errors in the previous results of bandit problems?", None, None)
    assert "previous results" in plan.query, plan


def test_a_run_of_spaces_in_a_question_is_read_as_one(fast_chat: PaperChat,
                                                     tmp_path: Path) -> None:
    """A question with a long run of spaces or line breaks is read as with one: planned at once
    (the patterns' whitespace had matched 3,000 spaces in quadratically many ways, minutes
    per question), and as meant."""
    import threading

    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    answerer = fast_chat.answerer()

    def planned(question: str) -> Plan:
        plans: list[Plan] = []
        thread = threading.Thread(target=lambda: plans.append(answerer.plan(question, None, None)),
                                  daemon=True)  # (a daemon: a failure does not hold the run)
        thread.start()
        thread.join(60)  # minutes before; milliseconds now
        assert plans, "not planned within 60 s"
        return plans[0]

    plan = planned("Is" + " " * 3000 + "bandit problems?")  # matching no pattern: the slow case
    assert plan.query == "Is bandit problems?"
    plan = planned("Is" + " " * 3000 + "On bandit problems 1 an oral?")
    assert plan.fact == "status" and plan.scope == ["p1"]
    plan = planned("Who wrote" + "\n" * 3000 + "On bandit problems 2?")
    assert plan.fact == "authors" and plan.scope == ["p2"]
    # runs of commas or question marks: matched from the start of a run, not from each mark
    # (40,000 characters: minutes before, for a pattern sweeping the run from each mark)
    plan = planned("ok," + " ," * 20000 + " which papers study bandit problems?")
    assert plan.topic == "bandit problems", plan
    plan = planned("Which papers study bandit problems?" + " ?" * 20000)
    assert plan.topic == "bandit problems", plan


def test_a_venue_or_year_the_catalog_holds_none_of_is_asked_for_and_said_so(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Which ICML 2024 papers study bandit problems?", "... from 2022": no paper is of that
    venue or year, and the answer says which the catalog holds; "ICML" and "2022" were search
    words, and papers of other venues and years were listed as matching "ICML bandit
    problems". Where the venue and the year are held, but not together ("ALT 2024"), or none
    of them has the status ("COLT 2025 orals"), the answer says what the venue holds; a status
    no paper has ("spotlight papers") what they are. "The WMT
    2014 benchmark" stays words; "NIPS" is the catalog's "NeurIPS"."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()

    def refused_saying(cases: tuple[tuple[str, str], ...]) -> None:  # each refused, its last
        for question, note in cases:  # sentence the note
            a = fast_chat.ask(question)
            assert a.refused and not a.papers and a.answer.endswith(f". {note}"), (question,
                                                                                   a.answer)

    refused_saying((
            ("Which ICML 2024 papers study bandit problems?", prompts.render(
                prompts.OTHER_VENUE, venue="ICML", venues="ALT and COLT", unnamed="")),
            ("Which papers from ICLR study bandit problems?", prompts.render(
                prompts.OTHER_VENUE, venue="ICLR", venues="ALT and COLT", unnamed="")),
            ("What did ICML 2024 publish on bandit problems?", prompts.render(  # (it searched
                prompts.OTHER_VENUE, venue="ICML", venues="ALT and COLT", unnamed="")),  # "ICML publish")
            ("Did ICLR accept work on bandit problems?", prompts.render(
                prompts.OTHER_VENUE, venue="ICLR", venues="ALT and COLT", unnamed="")),
            ("Which ICML 2019 papers study bandit problems?", prompts.render(  # after a venue:
                prompts.OTHER_VENUE, venue="ICML", venues="ALT and COLT", unnamed="") + " " + prompts.render(
                prompts.OTHER_YEARS, years="2019", span="2024 to 2025", unnamed="")),  # a year, not a word
            ("Which papers from 2022 study bandit problems?", prompts.render(
                prompts.OTHER_YEARS, years="2022", span="2024 to 2025", unnamed="")),
            ("Which papers since 2026 study bandit problems?", prompts.render(
                prompts.OTHER_YEARS, years="2026 or later", span="2024 to 2025", unnamed="")),
            # both held, not together: said which the venue holds
            ("Which ALT 2024 papers study bandit problems?", prompts.render(
                prompts.NOT_THAT_YEAR, venue="ALT", years="2024", span="2025")),
            ("Which COLT 2025 orals are there?", prompts.render(
                prompts.NOT_THAT_STATUS, label="COLT 2025 orals", papers="only COLT 2025 paper",
                statuses="is a poster")),
            ("Which COLT 2025 orals study bandit problems?", prompts.render(
                prompts.NOT_THAT_STATUS, label="COLT 2025 orals", papers="only COLT 2025 paper",
                statuses="is a poster")),
            # a status no paper has (a topic word no abstract writes: "spotlight")
            ("Which spotlight papers study bandit problems?", prompts.render(
                prompts.NOT_THAT_STATUS, label="spotlights", papers="6 papers",
                statuses="are orals and posters")),
            ("COLT 2024 spotlight papers", prompts.render(
                prompts.NOT_THAT_STATUS, label="COLT 2024 spotlights", papers="3 COLT 2024 papers",
                statuses="are orals and posters"))))
    a = fast_chat.ask("Which COLT 2025 papers study bandit problems?")  # held: as before
    assert [p["paper_id"] for p in a.papers] == ["p1"]
    # two statuses, one held: its papers listed, the answer says first that none is the other
    a = fast_chat.ask("Which oral or spotlight papers study bandit problems?")
    assert a.answer.startswith(prompts.render(
        prompts.NOT_THAT_STATUS, label="spotlights", papers="6 papers",
        statuses="are orals and posters") + "\n"), a.answer
    assert {p["status"] for p in a.papers} == {"Oral"} and not a.refused
    a = fast_chat.ask("Which oral or poster papers study bandit problems?")  # both held
    assert "holds no" not in a.answer and {p["status"] for p in a.papers} == {"Oral", "Poster"}
    plan = fast_chat.answerer().plan("Which papers use the WMT 2014 benchmark?", None, None)
    assert not plan.filters.has_years()
    rows = [{"id": "n1", "title": "On bandit problems at NeurIPS", "conference": "NeurIPS",
             "year": 2023, "abstract": "We study bandit problems in a new setting."}]
    _ingest_rows(fast_chat, tmp_path / "more.jsonl", rows)
    a = fast_chat.ask("Which NIPS papers study bandit problems?")
    assert [p["paper_id"] for p in a.papers] == ["n1"], a.answer
    # papers of a plain list give neither: the note says how many (it said all were of the
    # venues and years the others give)
    _ingest_rows(fast_chat, tmp_path / "plain.jsonl", [
        {"id": f"u{i}", "title": f"Undated bandit problems {i}",
         "abstract": "We study bandit problems without a venue."} for i in range(2)])
    refused_saying((
            ("Which papers from 2022 study bandit problems?", prompts.render(
                prompts.OTHER_YEARS, years="2022", span="2023 to 2025",
                unnamed=" (2 of its 9 papers give no year)")),
            ("Which papers from ICLR study bandit problems?", prompts.render(
                prompts.OTHER_VENUE, venue="ICLR", venues="ALT, COLT and NeurIPS",
                unnamed=" (2 of its 9 papers give no venue)"))))


def test_a_venue_status_or_year_the_question_leaves_out(fast_chat: PaperChat,
                                                        tmp_path: Path) -> None:
    """"Bandit papers not at COLT", "outside ALT", "that are not posters", "non-oral papers",
    "not from 2024" list the papers on the topic less those of that venue, status or year,
    and say so; they had listed exactly those ("35 papers from COLT …"). A topic word after
    "not" stays a topic word."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    for question, listed in (
            ("Which papers on bandit problems are not at COLT?", ["p2"]),
            ("bandit problems papers outside ALT", ["p0", "p1", "p3"]),
            ("bandit problems papers, excluding ALT", ["p0", "p1", "p3"]),  # not the word
            ("bandit problems papers except 2024", ["p1", "p2"]),
            ("Which papers study bandit problems that are not posters?", ["p0", "p2"]),
            ("non-oral papers on bandit problems", ["p1", "p3"]),
            ("Which papers study bandit problems that are not from 2024?", ["p1", "p2"])):
        a = fast_chat.ask(question)
        assert sorted(p["paper_id"] for p in a.papers) == listed, (question, a.answer)
    a = fast_chat.ask("Which papers on bandit problems are not at COLT?")
    assert a.answer.splitlines()[0] == (
        "1 paper in the indexed abstracts matches \u201cbandit problems\u201d but not "
        "\u201cCOLT\u201d:")
    plan = fast_chat.answerer().plan("Which papers study bandits that are not robust?", None,
                                     None)
    assert plan.exclude is None


def test_two_venues_or_statuses_named_together(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"bandit papers at COLT and ALT", "COLT or ALT papers", "oral or poster papers on X",
    "orals and posters on X" are the papers of either; the second had been read as a topic
    word ("no indexed paper from ALT matches “bandit COLT”")."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    for question, listed in (
            ("bandit problems papers at COLT and ALT", ["p0", "p1", "p2", "p3"]),
            ("Which COLT or ALT papers study federated learning?", ["p4", "p5"]),
            ("oral or poster papers on bandit problems", ["p0", "p1", "p2", "p3"]),
            ("orals and posters on federated learning", ["p4", "p5"]),
            ("Which ALT papers study bandit problems?", ["p2"])):  # one: as before
        assert _listed(fast_chat, question) == listed, question
    a = fast_chat.ask("Which COLT or ALT papers study federated learning?")
    assert a.answer.splitlines()[0].startswith("2 papers from COLT or ALT in the indexed"), (
        a.answer)
    a = fast_chat.ask("Which oral or poster papers study bandit problems?")
    assert "among the orals or posters" in a.answer.splitlines()[0], a.answer


def test_a_venue_or_year_is_a_word_where_the_catalog_gives_none(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """Over papers that give no venues or years (a plain paper list), "papers from ICML" and
    "from 2022" stay words of the question: no paper could be told to be of them or not."""
    rows = [{"id": "w", "title": "Bandit problems at ICML", "abstract": "We study bandit problems "
             "as posed at ICML in 2022."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question in ("Which papers from ICML study bandit problems?",
                     "Which papers from 2022 study bandit problems?"):
        plan = fast_chat.answerer().plan(question, None, None)
        assert not plan.filters.active(), question
        assert [p["paper_id"] for p in fast_chat.ask(question).papers] == ["w"], question


def test_new_follow_up_forms_leave_ordinary_questions_alone(fast_chat: PaperChat,
                                                             tmp_path: Path) -> None:
    """The follow-up forms of the twenty-eighth session read only what they are for (each case
    was misread by its first version, found in review): a topic naming spreadsheets is no CSV
    export, "summarize those in two sentences" no narrowing, "any about X specifically?" a
    search where none of the list names X, "compare and contrast A and B" no comparison with
    the list, a claim that X "is best for Y" no judgement, a topic "distribution" no catalog
    count, "by name" in a topic no order; "how do I cite it?" after a pick is of that paper;
    "what do they propose?" after a count is of the list before it; "summarize the 2024 ones"
    after a new listing narrows that one."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    answerer = fast_chat.answerer()
    conv = Conversation()
    listed = [p["paper_id"] for p in fast_chat.ask("Which papers study bandit problems?",
                                                   conv).papers]
    assert not answerer.plan("Which papers use Excel spreadsheets?", conv, None).reply
    plan = answerer.plan("summarize those in two sentences", conv, None)
    assert (plan.scope, plan.narrowed) == (listed, False), plan
    assert answerer.plan("summarize the first two ones", conv, None).scope == listed[:2]
    assert answerer.plan("Are there any papers about federated learning specifically?", conv,
                         None).scope is None  # (none of the list names it: a search)
    assert answerer.plan("compare and contrast federated learning and bandit problems", conv,
                         None).sides == ("federated learning", "bandit problems")
    assert "on to" not in answerer.plan("How are transformers applied to bandit problems in "
                                        "practice?", conv, None).query
    assert answerer.plan("Which papers use models such as transformers?", None, None).sides == ()
    assert not answerer.plan("Which papers argue that transformers are best for bandit "
                             "problems?", None, None).judged
    assert not answerer.plan("How many papers are about distribution?", None, None).reply
    assert not answerer.plan("Which papers study person re-identification by name?", None,
                             None).by_title
    fast_chat.ask("Tell me more about the second one", conv)
    a = fast_chat.ask("how do I cite it?", conv)
    assert a.answer.count("@inproceedings{") == 1 and f"On bandit problems {listed[1][1]}" in (
        a.answer), a.answer
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    fast_chat.ask("How many COLT papers are there?", conv)
    assert answerer.plan("what do they propose?", conv, None).scope == listed  # (searched all)
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    fast_chat.ask("which are from 2024?", conv)
    fast_chat.ask("Which papers study federated learning?", conv)
    a = fast_chat.ask("summarize the 2024 ones", conv)  # (the bandit papers of 2024)
    assert [p["paper_id"] for p in a.papers] == ["p4"], a.answer
    conv = Conversation()  # "list them" with a year set in the sidebar: no narrowing to
    fast_chat.ask("Which papers study bandit problems?", conv)  # name later
    fast_chat.ask("list them", conv, Filters(year=2024))
    assert (conv.turns[-1].within, conv.turns[-1].by_filters) == ("", False), conv.turns[-1]


def test_compare_with_after_a_listing(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"How do they compare to the ALT ones?", "compare with 2025" after a listing on a topic
    at a venue or year compare its topic there and at the other; "compare them to X" compares
    the two topics (each searched "compare" with the words)."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    for first, then, sides in (
            ("Which COLT papers study bandit problems?", "how do they compare to the ALT ones?",
             ("COLT papers on bandit problems", "ALT papers on bandit problems")),
            ("Which papers from 2024 study bandit problems?", "compare with 2025",
             ("2024 papers on bandit problems", "2025 papers on bandit problems")),
            ("Which papers study bandit problems?", "compare them to federated learning",
             ("bandit problems", "federated learning"))):
        conv = Conversation()
        fast_chat.ask(first, conv)
        plan = fast_chat.answerer().plan(then, conv, None)
        assert (plan.kind, plan.sides) == ("summary", sides), (then, plan)
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    a = fast_chat.ask("how do they compare to the ALT ones?", conv)  # no venue before: ALT's
    assert [p["paper_id"] for p in a.papers] == ["p2"], a.answer
    # after a narrowing: the listing's topic about the narrowing's words (it was refused: no
    # paper on "compare them with ALT"), or within its filters
    for then, sides in (("which of them are about setting 1?", (
            "COLT papers on bandit problems about setting 1",
            "ALT papers on bandit problems about setting 1")),
                        ("which are from 2024?", ("COLT 2024 papers on bandit problems",
                                                  "ALT papers on bandit problems"))):
        conv = Conversation()
        fast_chat.ask("Which COLT papers study bandit problems?", conv)
        fast_chat.ask(then, conv)
        plan = fast_chat.answerer().plan("compare them with ALT", conv, None)
        assert (plan.kind, plan.sides) == ("summary", sides), (then, plan)


def test_a_question_about_the_catalog_itself_is_answered_from_its_counts(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"How many papers are there?", "which venues are in the corpus?", "how many papers per
    year?" are answered with the catalog's count, then each venue's by year (no search, a turn
    with no list); within a venue, year, status or institution the question names; a question
    with a topic is read as before. They were refused ("no indexed paper matches …"). "How many
    of them are about X?", "list them" after it are of the papers it counted."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    overview = ["The index holds 6 papers from 2024 to 2025:",
                "- ALT: 2 papers (2025)", "- COLT: 4 papers (2024: 3 \u00b7 2025: 1)"]
    conv = Conversation()
    for question in ("How many papers are there?", "Which venues are in the corpus?",
                     "How many papers per year?", "how many papers do you have in total?",
                     "What's the distribution of papers across venues?"):  # (refused)
        a = fast_chat.ask(question, conv)
        assert a.answer.splitlines() == overview and not a.refused and not a.papers, question
    assert [t.paper_ids for t in conv.turns] == [[]] * 5  # no list to pick from
    assert fast_chat.ask("how many are there?").answer.splitlines() == overview  # no list
    for question in ("list all papers", "show me everything", "list all the indexed papers"):
        a = fast_chat.ask(question)  # every paper (each was refused: "list all papers"
        assert a.count == 6 and a.answer.splitlines()[0] == "The index holds 6 papers:", (
            question, a.answer)  # searched)
    # of the papers a count counted: "how many of them ...?", "list them", "what about 2025?"
    # (each was of the list before it, or a search for "many", or no turn to follow)
    for question, ids in (("and how many of them are about bandit problems?", ["p0", "p3"]),
                          ("which of those are orals?", ["p0"]),
                          ("list them", ["p0", "p3", "p4"])):
        conv = Conversation()
        fast_chat.ask("Which papers study federated learning?", conv)
        fast_chat.ask("How many COLT 2024 papers are there?", conv)
        a = fast_chat.ask(question, conv)
        assert sorted(p["paper_id"] for p in a.papers) == ids, (question, a.answer)
    conv = Conversation()
    fast_chat.ask("Which papers study federated learning?", conv)
    fast_chat.ask("How many COLT 2024 papers are there?", conv)  # (COLT 2025 papers on
    assert fast_chat.ask("what about 2025?", conv).answer == (  # federated learning: none)
        "The index holds 1 COLT 2025 paper.")
    conv = Conversation()
    fast_chat.ask("How many orals are there?", conv)
    assert sorted(p["paper_id"] for p in fast_chat.ask("list them", conv).papers) == ["p0", "p2"]
    conv = Conversation()
    fast_chat.ask("How many papers are there?", conv)
    a = fast_chat.ask("show me all of them again", conv)  # (it searched "show me all of the
    assert a.count == 6 and len(a.papers) == 6, a.answer  # papers again")
    conv = Conversation()  # "list them" where no answer had papers: that question again (it
    refused = fast_chat.ask("Which papers study quantum gravity?", conv).answer  # searched
    for question in ("list them", "how many are there?", "show me all of them"):  # "quantum
        a = fast_chat.ask(question, conv)  # gravity list them"; "how many are there?" gave
        assert a.refused and a.answer == refused, (question, a.answer)  # the catalog's count)
    assert conv.turns[-1].standalone == "Which papers study quantum gravity?"
    assert fast_chat.ask("what fraction is that?", conv).answer == prompts.SHARE_OF_NOTHING
    conv = Conversation()  # a share of a count of the catalog (each searched "fraction")
    fast_chat.ask("How many COLT 2024 papers are there?", conv)
    assert fast_chat.ask("what fraction is that?", conv).answer == prompts.render(
        prompts.SHARE_OF_HELD, papers="3 COLT 2024 papers", pct="50.0", total="6")
    assert fast_chat.ask("How many COLT 2024 papers are there?").answer == (
        "The index holds 3 COLT 2024 papers.")
    assert fast_chat.ask("How many orals from 2025 are indexed?").answer == (
        "The index holds 1 oral from 2025.")
    assert fast_chat.ask("How many papers from MIT are there?").answer.splitlines()[0] == (
        "The index holds 4 papers with authors at MIT from 2024 to 2025:")
    for question, none in (("How many AISTATS papers are there?", "AISTATS papers"),
                           ("how many papers from 2021 are indexed?", "papers from 2021")):
        assert fast_chat.ask(question).answer.splitlines() == [  # none, and what it holds
            f"The index holds no {none}.", *overview], question  # (it said "holds 0")
    a = fast_chat.ask("How many papers study bandit problems?")
    assert a.kind == "listing" and a.count == 4


def test_a_follow_up_sorts_or_narrows_the_last_list(fast_chat: PaperChat,
                                                    tmp_path: Path) -> None:
    """"Sort them by year" ("newest first") lists the last list's papers again, newest first;
    "only the orals", "just the ones from 2025" narrow it; "how many papers on X per venue?"
    counts the papers on X by venue. "Sort them by year" was a summary of papers naming
    "sort" and "year", "only the orals" every oral of the catalog, and "per venue" topic
    words."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()

    def ids(answer: Answer) -> list[str]:
        return [p["paper_id"] for p in answer.papers]

    conv = Conversation()
    assert sorted(ids(fast_chat.ask("Which papers study bandit problems?", conv))) == [
        "p0", "p1", "p2", "p3"]
    for question in ("Sort them by year", "newest first", "order the list by date, please",
                     "sort by newest", "sort them by most recent first"):
        a = fast_chat.ask(question, conv)
        assert a.kind == "listing" and a.answer.splitlines()[0].endswith(", newest first:")
        years = [p["year"] for p in a.papers]
        assert sorted(ids(a)) == ["p0", "p1", "p2", "p3"] and years == sorted(years,
                                                                              reverse=True)
    for question in ("Sort them by title", "list them alphabetically"):  # after the newest
        a = fast_chat.ask(question, conv)  # first: by title (it was a refusal)
        assert a.kind == "listing" and a.answer.splitlines()[0].endswith(", by title:"), a.answer
        assert ids(a) == ["p0", "p1", "p2", "p3"], question
    assert sorted(ids(fast_chat.ask("Only the orals", conv))) == ["p0", "p2"]
    conv2 = Conversation()  # "and from ALT?" after a narrowing to COLT: those at ALT, asked
    fast_chat.ask("Which papers study bandit problems?", conv2)  # so (it was "Which from ALT
    fast_chat.ask("which are from COLT?", conv2)  # papers study bandit problems? ( )", a
    a = fast_chat.ask("and from ALT?", conv2)  # summary where "papers on X" came first)
    assert (a.kind, ids(a)) == ("listing", ["p2"]), a.answer
    assert a.standalone_query == "Which papers study bandit problems? (ALT)"
    a = fast_chat.ask("list the papers on bandit problems, sorted by title")  # asked at once
    assert a.answer.splitlines()[0].endswith(", by title:") and ids(a) == [  # (it searched
        "p0", "p1", "p2", "p3"], a.answer  # "sorted title": refused)
    conv = Conversation()  # by relevance: as listed; "the top 2": its first two (each was a
    listed = ids(fast_chat.ask("Which papers study bandit problems?", conv))  # search for
    a = fast_chat.ask("rank them by relevance", conv)  # "rank relevance", a judgement)
    assert (ids(a), a.answer.splitlines()[0]) == (listed, "The last list holds 4 papers:")
    a = fast_chat.ask("give me the top 2", conv)
    assert ids(a) == listed[:2], a.answer
    plan = fast_chat.answerer().plan("who wrote the top one?", Conversation(conv.turns[:1]),
                                     None)  # the first (a judgement: "the abstracts cannot
    assert plan.picked and plan.scope == listed[:1], plan  # tell which paper is best")
    for question in ("How many papers study bandit problems in total?",  # (it searched "bandit
                     "how many papers are on bandit problems overall?"):  # problems in total")
        a = fast_chat.ask(question)
        assert a.count == 4 and a.standalone_query.endswith("bandit problems?"), (question,
                                                                                  a.answer)
    for question in ("give me the two most relevant ones", "the most relevant 2 of them?"):
        a = fast_chat.ask(question, Conversation(conv.turns[:1]))  # (it searched "ones")
        assert ids(a) == listed[:2], (question, a.answer)
    for question in ("ok show me all of them again", "show them all again"):  # (summaries of
        a = fast_chat.ask(question, Conversation(conv.turns[:1]))  # the words)
        assert (a.kind, ids(a)) == ("listing", listed), (question, a.answer)
    for question in ("list the ones about setting 1", "thx, can u list the ones about setting 1"):
        a = fast_chat.ask(question, Conversation(conv.turns[:1]))  # narrowed (it searched
        assert ids(a) == ["p1"] and "of the 4" in a.answer, (question, a.answer)  # "ones")
    for question, want in (("list the ones from ALT", ["p2"]),  # (it listed every ALT paper
                           ("show me the ones at MIT", ["p0", "p2", "p3"]),  # on "ones",
                           ("list the ones in 2025", ["p1", "p2"])):  # and so on)
        a = fast_chat.ask(question, Conversation(conv.turns[:1]))
        assert sorted(ids(a)) == want, (question, a.answer)
    for question, want in (("show me the 2025 ones", ["p1", "p2"]),  # a filter's part of
                           ("list the ALT ones", ["p2"]),  # the list (it listed every paper
                           ("give me only the oral ones", ["p0", "p2"]),  # of the filter
                           ("can you show me the setting 1 ones?", ["p1"])):  # on "ones")
        a = fast_chat.ask(question, Conversation(conv.turns[:1]))
        assert sorted(ids(a)) == want, (question, a.answer)
    sibling = Conversation(conv.turns[:1])  # "and the 2025 ones?" after "which are from
    fast_chat.ask("which are from 2024?", sibling)  # 2024?": of the list that narrowed (it
    for question, want in (("and the 2025 ones?", ["p1", "p2"]),  # searched "2025 ones?
                           ("what about the oral ones?", ["p0", "p2"]),  # (2024)", "the
                           ("and the setting 1 ones?", ["p1"])):  # oral ones")
        a = fast_chat.ask(question, sibling)
        assert sorted(ids(a)) == want, (question, a.answer)
        assert "of the 4" in a.answer.splitlines()[0] or "answer's 4 papers" in (
            a.answer.splitlines()[0]), (question, a.answer)
    after_summary = Conversation(conv.turns[:1])  # ... also after a summary of the
    fast_chat.ask("which are from 2024?", after_summary)  # narrowing's papers (it narrowed
    fast_chat.ask("summarize them", after_summary)  # the two to 2025: none)
    a = fast_chat.ask("and the 2025 ones?", after_summary)
    assert sorted(ids(a)) == ["p1", "p2"] and "4 papers" in a.answer.splitlines()[0], a.answer
    a = fast_chat.ask("and which don't?", sibling)  # the rest of the list they were asked of
    assert sorted(ids(a)) == ["p0", "p2", "p3"], a.answer  # (not of the 2025 one: "p2")
    sibling = Conversation(conv.turns[:1])
    fast_chat.ask("which are from 2024?", sibling)
    for question, sides, found, of in (  # two parts of the list compared, of the list a
            ("compare the 2024 ones and the 2025 ones", ("2024", "2025"),  # narrowing
             ["p0", "p1", "p2", "p3"], "the earlier answer on \u201cbandit problems\u201d"),
            ("contrast the setting 1 papers with the setting 3 ones",  # (the comparison's 4)
             ("setting 1", "setting 3"), ["p1", "p3"], "the previous answer")):  # (it
        plan = fast_chat.answerer().plan(question, sibling, None)  # compared papers naming
        assert plan.sides == sides and sorted(plan.scope or []) == listed, question  # "the
        a = fast_chat.ask(question, sibling)  # 2024 ones" of every paper with those naming
        assert a.kind == "summary" and sorted(ids(a)) == found, (question, a.answer)  # "the
        assert a.answer.splitlines()[0].startswith(  # 2025 ones")
            f"Papers of the 4 from {of} matching each side"), (question, a.answer)
    for question, want in (("what about the remaining ones?", ["p1", "p2"]),  # the rest of
                           ("and the others: which are orals?", ["p2"]),  # the list, and a
                           ("what about the remaining ones, which are orals?", ["p2"])):  # (it
        rest = Conversation(conv.turns[:1])  # question of them (it searched "remaining",
        fast_chat.ask("which are from 2024?", rest)  # "others orals")
        assert sorted(ids(fast_chat.ask(question, rest))) == want, question
    for question, want, first in (  # a part of the list at a venue, year or status, narrowed
            ("which of the 2025 ones are orals?", ["p2"],  # (it searched "ones" among every
             "The previous answer's 2 papers from 2025 include 1 oral:"),  # 2025 oral)
            ("are any of the COLT ones orals?", ["p0"],
             "The previous answer's 3 papers from COLT include 1 oral:"),
            ("which of the oral ones are from ALT?", ["p2"],
             "The previous answer's 2 papers that are orals include 1 ALT paper:")):
        a = fast_chat.ask(question, Conversation(conv.turns[:1]))
        assert ids(a) == want and a.answer.splitlines()[0] == first, (question, a.answer)
    a = fast_chat.ask("which of the COLT papers study bandit problems?",  # a question of its
                      Conversation(conv.turns[:1]))  # own, not a part of the list
    assert sorted(ids(a)) == ["p0", "p1", "p3"] and "of the" not in a.answer.splitlines()[0]
    same = Conversation(conv.turns[:1])  # a new listing of a narrowing's papers is a list of
    fast_chat.ask("which of them are orals?", same)  # its own: "the 2024 ones" are of it
    fast_chat.ask("Which orals are there?", same)
    assert sorted(ids(fast_chat.ask("what about the 2024 ones?", same))) == ["p0"]
    rest = Conversation(conv.turns[:1])  # "the others, which ...?": named as the rest
    fast_chat.ask("which are from 2024?", rest)
    a = fast_chat.ask("and the others, which are orals?", rest)
    assert a.answer.splitlines()[0].startswith(
        "The earlier answer's 2 papers on \u201cbandit problems\u201d left out include"), a.answer
    a = fast_chat.ask("are there any that don't study setting 1?", Conversation(conv.turns[:1]))
    assert sorted(ids(a)) == ["p0", "p2", "p3"], a.answer  # (it searched "are there any?")
    orals = {"p0", "p2"}  # the places picked, narrowed (it searched "first three" among the
    for question, picked in (("which of the first three are orals?", listed[:3]),  # orals)
                             ("are any of the last two orals?", listed[-2:])):
        a = fast_chat.ask(question, Conversation(conv.turns[:1]))
        want = [p for p in picked if p in orals]
        assert sorted(ids(a)) == sorted(want), (question, a.answer)
        assert a.answer.splitlines()[0].startswith(f"The picked {len(picked)} papers include"), (
            question, a.answer)
    fast_chat.ask("sort them by year", conv)  # by relevance again after a sort by year
    assert ids(fast_chat.ask("rank them by relevance", conv)) == listed
    conv = Conversation()  # the topic as the listing named it, not its filter's words
    fast_chat.ask("Which COLT papers from 2024 study bandit problems?", conv)
    assert fast_chat.ask("Sort them by title", conv).answer.splitlines()[0] == (
        "2 papers of the 2 from the previous answer match \u201cbandit problems\u201d, by title:")
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    assert sorted(ids(fast_chat.ask("just the ones from 2025", conv))) == ["p1", "p2"]
    fast_chat.ask("Which papers study bandit problems?", conv)
    a = fast_chat.ask("show me only the 2024 ones", conv)  # not a topic "ones"
    assert sorted(ids(a)) == ["p0", "p3"] and "\u201cones\u201d" not in a.answer, a.answer
    for question, year_ids in (("Which one is the most recent?", ["p1", "p2"]),
                               ("which are the newest?", ["p1", "p2"]),
                               ("which is the oldest one?", ["p0", "p3"]),
                               ("what's the oldest one?", ["p0", "p3"]),
                               ("list the most recent ones", ["p1", "p2"]),  # (it narrowed
                               ("show me the newest ones", ["p1", "p2"]),  # to "recent",
                               ("give me just the oldest ones", ["p0", "p3"])):  # "newest")
        conv = Conversation()  # those of the list's latest (earliest) year (it searched
        fast_chat.ask("Which papers study bandit problems?", conv)  # "recent", "oldest")
        assert sorted(ids(fast_chat.ask(question, conv))) == year_ids, question
    assert _where(1107, "") == "of the 1,107 from the previous answer"  # as counts are
    for question, among in (("which are not orals?", ["p1", "p3"]),  # ("?" was asked)
                            ("which ones are not from 2024?", ["p1", "p2"]),  # ("are" searched)
                            ("which of them are not orals?", ["p1", "p3"]),  # (these listed
                            ("which ones are not orals?", ["p1", "p3"]),  # the orals; "aren't"
                            ("which of them aren't orals?", ["p1", "p3"])):  # was searched)
        conv = Conversation()
        fast_chat.ask("Which papers study bandit problems?", conv)
        assert sorted(ids(fast_chat.ask(question, conv))) == among, question
    conv = Conversation()  # none left: said why (it said each paper names "COLT")
    fast_chat.ask("Which papers study bandit problems?", conv)
    fast_chat.ask("which of them are from COLT?", conv)
    a = fast_chat.ask("which of them are not from COLT?", conv)
    assert a.refused and a.answer.endswith("are all from COLT."), a.answer
    conv = Conversation()  # "drop those" after a narrowing: the rest of the list it narrowed
    fast_chat.ask("Which papers study bandit problems?", conv)  # (it searched "those")
    fast_chat.ask("which of them are orals?", conv)
    assert sorted(ids(fast_chat.ask("drop those", conv))) == ["p1", "p3"]
    a = fast_chat.ask("Which papers are not orals?")  # (it listed the orals)
    assert a.answer.splitlines()[0] == "The index holds 4 papers other than orals:", a.answer
    assert sorted(ids(a)) == ["p1", "p3", "p4", "p5"]
    for question, year in (("which is the oldest paper?", 2024), ("what are the newest papers?",
                                                                  2025)):
        a = fast_chat.ask(question)  # no list before: the catalog's (it searched "oldest")
        assert a.answer.splitlines()[0] == f"The index holds 3 papers from {year}:", a.answer
    a = fast_chat.ask("How many papers on bandit problems per venue?")
    assert a.count == 4 and "1. COLT: 3 papers" in a.answer.splitlines()[2], a.answer
    conv = Conversation()  # "specifically" is no word to find (no paper on "bandit problems
    fast_chat.ask("Which papers are from COLT?", conv)  # specifically")
    assert sorted(ids(fast_chat.ask("which of them study bandit problems specifically?",
                                    conv))) == ["p0", "p1", "p3"]


def test_a_question_about_one_paper_named_by_its_title_gets_what_the_catalog_gives(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Who wrote X?", "when was X published?", "is X an oral?", "what are the affiliations
    of X?", "what is the abstract of X?" about a paper titled X answer with what the catalog
    gives of it, citing it; "who wrote papers on X?" and a title no paper has are read as
    before. "Who are the authors of X?" had listed papers on "authors of X". "Is there a paper
    called X?", "is X in the corpus?" say whether it is, and a title no paper has is said to
    be none (it had listed papers on its words); a short phrase is a topic."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    for question, line in (
            ("Who wrote On bandit problems 2?", "\u201cOn bandit problems 2\u201d is by Author 2 [1]."),
            ("Who developed On bandit problems 2?",  # (papers on "developed bandit")
             "\u201cOn bandit problems 2\u201d is by Author 2 [1]."),
            ("Who are the authors of \u201cOn bandit problems 2\u201d?",
             "\u201cOn bandit problems 2\u201d is by Author 2 [1]."),
            ("When was On bandit problems 2 published?",
             "\u201cOn bandit problems 2\u201d appeared at ALT 2025 (Oral) [1]."),
            ("Which venue and year was On bandit problems 2 published at?",
             "\u201cOn bandit problems 2\u201d appeared at ALT 2025 (Oral) [1]."),
            ("what year is the On bandit problems 2 paper from?",
             "\u201cOn bandit problems 2\u201d appeared at ALT 2025 (Oral) [1]."),
            ("Is On bandit problems 1 an oral?",  # (said yes or no)
             "No: \u201cOn bandit problems 1\u201d is listed as Poster at COLT 2025 [1]."),
            ("Is On bandit problems 1 an oral or a poster?",  # (which: no yes or no)
             "\u201cOn bandit problems 1\u201d is listed as Poster at COLT 2025 [1]."),
            ("What are the affiliations of On bandit problems 1?",
             "The authors of \u201cOn bandit problems 1\u201d list Stanford University [1]."),
            ("What are the affiliations of the authors of On bandit problems 1?",
             "The authors of \u201cOn bandit problems 1\u201d list Stanford University [1]."),
            ("What is the abstract of the paper On bandit problems 1?",
             "The abstract of \u201cOn bandit problems 1\u201d: We study bandit problems in setting "
             "1. Bounds follow [1]."),
            ("Is there a paper called 'On bandit problems 2'?",
             "Yes: \u201cOn bandit problems 2\u201d by Author 2 is indexed (ALT 2025) [1]."),
            ("Is the paper On bandit problems 1 in the corpus?",
             "Yes: \u201cOn bandit problems 1\u201d by Author 1 is indexed (COLT 2025) [1].")):
        a = fast_chat.ask(question)
        assert a.answer == line, question
        assert [c.paper_id for c in a.citations] == [f"p{line[line.index('problems ') + 9]}"]
    assert fast_chat.ask("Who wrote papers on bandit problems?").count == 4
    assert not fast_chat.answerer().plan("Who wrote On quantum gravity?", None, None).fact
    # a title no paper has: said so, no papers on its words ("Attention Need")
    for question in ("Is there a paper called 'Attention Is All You Need'?",
                     "is there a paper called Attention Is All You Need?",  # (unquoted: it
                     # said "Attention-Is-All-You Need")
                     "Is 'Attention Is All You Need' in the index?",
                     "Who wrote 'Attention Is All You Need'?",
                     "What does the paper \u201cAttention Is All You Need\u201d propose?"):
        a = fast_chat.ask(question)
        assert a.answer == prompts.render(prompts.NOT_INDEXED,
                                          title="Attention Is All You Need") and not a.papers
    assert fast_chat.ask("Is 'bandit problems' in the corpus?").count == 4  # a topic
    assert fast_chat.ask("is federated learning in the index?").count == 2  # (not "index")
    assert fast_chat.ask("Who wrote 'On bandit problems 3'?").citations[0].paper_id == "p3"
    assert fast_chat.ask("Who wrote 'On the bandit problems 3'?").answer == prompts.render(
        prompts.NOT_INDEXED_CLOSE, title="On the bandit problems 3",  # nearly a title: it
        close="On bandit problems 3")  # is named
    # "the X paper" by a name no title has: none, where no paper or several write the name;
    # the paper whose abstract alone writes it, where one does
    _ingest_rows(fast_chat, tmp_path / "more.jsonl", [
        {"id": "rr", "title": "Read and reap the rewards",
         "abstract": "We propose the Read and Reward framework. It plays Atari.",
         "authors": ["Yue Wu", "Tom Mitchell"],
         "affiliations": ["UC Berkeley", "University of California, Berkeley", "Google"]},
        {"id": "rr2", "title": "Language agents in text games", "authors": ["Yue Wu"],
         "abstract": "We study language agents that play text games."}])
    for question in ("Is Tom Mitchell in the index?", "How many papers has Tom Mitchell got?",
                     "how many papers did Mitchell have?"):
        a = fast_chat.ask(question)  # an author: the papers by them (not those on "got")
        assert [p["paper_id"] for p in a.papers] == ["rr"] and a.kind == "metadata", question
    for question, name in (("Who wrote the Llama 2 paper?", "Llama 2"),
                           ("When was the COLT-Bandit paper published?", "COLT-Bandit")):
        assert fast_chat.ask(question).answer == prompts.render(prompts.NOT_INDEXED, title=name)
    assert [p["paper_id"] for p in fast_chat.ask("Who wrote the Read and Reward paper?").papers
            ] == ["rr"]
    assert fast_chat.ask("Who wrote the bandit paper?").count == 4  # no name: a topic
    conv = Conversation()  # "it" after an answer on a few papers: each of them (it listed
    summary = fast_chat.ask("Summarize the papers on bandit problems", conv)  # papers on
    assert summary.count == 4  # "bandit problems made")
    for question in ("who made it?", "when was it published?"):
        plan = fast_chat.answerer().plan(question, conv, None)
        assert plan.scope == [p["paper_id"] for p in summary.papers] and plan.fact, question
    # where the authors of the last answer's paper are: each institution once, however written
    conv = Conversation()
    fast_chat.ask("Who wrote Read and reap the rewards?", conv)
    for question in ("Which institutions are the authors from?", "where do the authors work?"):
        assert fast_chat.ask(question, conv).answer == (
            "The authors of \u201cRead and reap the rewards\u201d list UC Berkeley and Google "
            "[1].")
    # who they are and where they are from, asked together: both (it had listed papers on
    # "authors institutions"), of the paper named, picked, or the last answer was on
    for question in ("Who are its authors and what institutions are they from?",
                     "who wrote it, and where are they from?",
                     "Who wrote Read and reap the rewards and which institutions are they at?"):
        assert fast_chat.ask(question, conv).answer == (
            "\u201cRead and reap the rewards\u201d is by Yue Wu and Tom Mitchell; they list UC "
            "Berkeley and Google [1]."), question
    conv2 = Conversation()  # ... asked after who wrote it (it summarized the paper)
    fast_chat.ask("Who wrote Read and reap the rewards?", conv2)
    assert fast_chat.ask("where are they from?", conv2).answer == (
        "The authors of \u201cRead and reap the rewards\u201d list UC Berkeley and Google [1].")
    # a title written as one (a name, a colon) that no paper has: none, said so alone
    for question in ("Who wrote Bandit Zoo: Regret Bounds for Everything?",
                     "who wrote Bandit Zoo: Regret Bounds for Everything and where are they "
                     "from?"):
        assert fast_chat.ask(question).answer == prompts.render(
            prompts.NOT_INDEXED, title="Bandit Zoo: Regret Bounds for Everything"), question
    for question, ids in (("What else did its first author write?", ["rr2"]),
                          ("what other papers has the last author published?", []),
                          ("any other papers by the first author?", ["rr2"]),  # (it searched
                          ("more papers by its lead author", ["rr2"])):  # "first author")
        conv = Conversation()  # the papers by that author of the last answer's paper, but
        fast_chat.ask("Who wrote Read and reap the rewards?", conv)  # that one (it was
        a = fast_chat.ask(question, conv)  # listed too)
        assert sorted(p["paper_id"] for p in a.papers) == ids, (question, a.answer)
        assert "besides \u201cRead and reap the rewards\u201d" in a.answer.splitlines()[0]
    for question in ("what else did its authors write?", "What else did they write?",
                     "any other papers by them?", "more papers by the authors"):
        conv = Conversation()  # the papers any of its authors wrote, but that one (it
        fast_chat.ask("Who wrote Read and reap the rewards?", conv)  # summarized that one)
        a = fast_chat.ask(question, conv)
        assert [p["paper_id"] for p in a.papers] == ["rr2"], (question, a.answer)
        assert a.answer.splitlines()[0].startswith(
            "The index holds 1 paper by Yue Wu or Tom Mitchell besides \u201cRead and reap the "
            "rewards\u201d"), (question, a.answer)
    for first, then, ids in (("What else did its first author write?", "and the last author?",
                              []),
                             ("what else did its authors write?", "and the first author?",
                              ["rr2"]),
                             ("what other papers has the last author published?",
                              "what about its first author?", ["rr2"]),
                             ("What else did they write?", "and the last author?", []),
                             ("any other papers by them?", "and its first author?", ["rr2"])):
        conv = Conversation()  # the other author asked next: of the same paper (it searched
        fast_chat.ask("Who wrote Read and reap the rewards?", conv)  # "last author"), not of
        fast_chat.ask(first, conv)  # the list the answer before gave, nor of its refusal
        a = fast_chat.ask(then, conv)
        assert [p["paper_id"] for p in a.papers] == ids, (then, a.answer)
        assert "besides \u201cRead and reap the rewards\u201d" in a.answer, (then, a.answer)
    _ingest_rows(fast_chat, tmp_path / "four.jsonl", [  # more than three: "any of its 4"
        {"id": "f4", "title": "Four hands on one piano", "abstract": "We study duets.",
         "authors": ["Dee Ames", "Eve Bass", "Fay Cole", "Gus Dahl"]},
        {"id": "f1", "title": "A solo for the left hand", "abstract": "We study solos.",
         "authors": ["Hal Eng", "Fay Cole"]}])
    conv = Conversation()
    fast_chat.ask("Who wrote Four hands on one piano?", conv)
    a = fast_chat.ask("what else did they write?", conv)
    assert [p["paper_id"] for p in a.papers] == ["f1"] and a.answer.splitlines()[0].startswith(
        "The index holds 1 paper by any of its 4 authors besides \u201cFour hands"), a.answer
    conv = Conversation()  # "they" after an answer on an author's papers: that author's
    fast_chat.ask("What did Tom Mitchell work on?", conv)  # other papers, none here (not
    a = fast_chat.ask("what else did they write?", conv)  # those of Yue Wu, who wrote rr too)
    assert a.refused and "Tom Mitchell" in a.answer and not a.papers, a.answer
    fast_chat.ask("Which papers study bandit problems?", conv)  # of a list: counted
    lines = fast_chat.ask("Where are their authors from?", conv).answer.splitlines()
    assert [re.sub(r"\[.*", "", line) for line in lines[2:4]] == [
        "1. MIT: 3 papers ", "2. Stanford University: 1 paper "]
    assert fast_chat.ask("where are they from?", conv).answer.splitlines()[2:4] == lines[2:4]
    # a title pasted alone, or asked about: that paper, not the papers on its words
    for question in ("On bandit problems 2", "on Bandit problems 2.",
                     "Tell me about On bandit problems 2", "What is On bandit problems 2 about?"):
        assert [p["paper_id"] for p in fast_chat.ask(question).papers] == ["p2"], question
    assert fast_chat.answerer().plan("Which papers cite On bandit problems 2", None,
                                     None).scope is None  # a question, not a title


def test_compare_a_topic_across_venues_years_statuses_or_institutions(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Compare COLT and ALT papers on X" (years, "oral and poster papers", "MIT and Stanford
    papers") compares X's papers at each: each side its own filter on the one topic. The
    first venue had been read as a topic word and the last as the filter of both."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    for question, sides in (
            ("Compare COLT and ALT papers on bandit problems",
             "3 \u201cCOLT papers on bandit problems\u201d and 1 \u201cALT papers on bandit "
             "problems\u201d"),
            ("What is the difference between 2024 and 2025 papers on bandit problems?",
             "2 \u201c2024 papers on bandit problems\u201d and 2 \u201c2025 papers on bandit "
             "problems\u201d"),
            ("Compare oral and poster papers on bandit problems",
             "2 \u201corals on bandit problems\u201d and 2 \u201cposters on bandit problems\u201d"),
            ("Compare MIT and Stanford papers on bandit problems",
             "3 \u201cpapers with authors at MIT on bandit problems\u201d and 1 \u201cpapers with "
             "authors at Stanford on bandit problems\u201d"),
            ("Compare Stanford and MIT papers on bandit problems",  # (it read "Compare
             "1 \u201cpapers with authors at Stanford on bandit problems\u201d and 3 \u201cpapers "
             "with authors at MIT on bandit problems\u201d"),  # Stanford" as an institution)
            # "more ... than ...?" (it searched "bandit problems 2025 2024")
            ("Are there more papers on bandit problems in 2025 than in 2024?",
             "2 \u201c2025 papers on bandit problems\u201d and 2 \u201c2024 papers on bandit "
             "problems\u201d"),
            ("were there more bandit problems papers at COLT than at ALT?",
             "3 \u201cCOLT papers on bandit problems\u201d and 1 \u201cALT papers on bandit "
             "problems\u201d")):
        a = fast_chat.ask(question)
        assert f"matching each side: {sides};" in a.answer.splitlines()[0], (question, a.answer)
        assert sorted(p["paper_id"] for p in a.papers) == ["p0", "p1", "p2", "p3"], question
    # a side naming a year alone is of the venue before it ("2025" was every 2025 paper); the
    # topic may come first ("papers on X: A vs B" had read "A vs B" as words of the topic)
    for question in ("Compare COLT 2024 and 2025 papers on bandit problems",
                     "papers on bandit problems: COLT 2024 vs COLT 2025",
                     "bandit problems at COLT 2024 vs 2025",  # (the question's words were
                     "how many bandit problems papers were there at COLT 2024 vs 2025?"):  # its
        # topic: "which bandit problems papers were there")
        a = fast_chat.ask(question)
        assert ("matching each side: 2 \u201cCOLT 2024 papers on bandit problems\u201d and 1 "
                "\u201cCOLT 2025 papers on bandit problems\u201d;") in a.answer, (question, a.answer)
        assert sorted(p["paper_id"] for p in a.papers) == ["p0", "p1", "p3"], question
    conv = Conversation()  # "compare them with Stanford" after the MIT papers on X: each
    fast_chat.ask("Which MIT papers study bandit problems?", conv)  # institution's (it
    a = fast_chat.ask("compare them with Stanford", conv)  # compared "authors at papers from
    assert ("matching each side: 3 \u201cpapers with authors at MIT on bandit problems\u201d and"  # MIT")
            " 1 \u201cpapers with authors at Stanford on bandit problems\u201d;") in a.answer, a.answer
    conv = Conversation()  # ... in the listing's venue, years and status
    fast_chat.ask("Which COLT orals from MIT study bandit problems?", conv)
    plan = fast_chat.answerer().plan("compare them with Stanford", conv, None)
    assert [(f.venue, f.status, f.affiliation) for f in plan.side_filters] == [
        ("COLT", "Oral", "MIT"), ("COLT", "Oral", "Stanford")], plan
    conv = Conversation()  # the list's papers with authors at an institution, and those
    fast_chat.ask("Which papers study bandit problems?", conv)  # authors counted (it searched
    for question in ("which of them involve Stanford?",  # "involve Stanford", "MIT")
                     "which ones include authors from Stanford?"):
        a = fast_chat.ask(question, Conversation(list(conv.turns)))
        assert [p["paper_id"] for p in a.papers] == ["p1"], (question, a.answer)
    a = fast_chat.ask("who are the MIT authors among them?", Conversation(list(conv.turns)))
    assert [re.sub(r" \[.*", "", x) for x in a.answer.splitlines()] == [
        "The previous answer's 4 papers include 3 papers with authors at MIT:",
        prompts.render(prompts.TALLY_HEADER, by="author"),
        "1. Author 0: 1 paper", "2. Author 2: 1 paper", "3. Author 3: 1 paper"], a.answer
    a = fast_chat.ask("Compare COLT and ALT papers on bandit problems")
    for line in a.answer.splitlines()[1:]:  # each line names its paper's side as its filter does
        side, n = re.fullmatch(r"\*\*(COLT|ALT) papers\*\*: .+ \[(\d)\]\.", line).groups()
        assert a.papers[int(n) - 1]["venue"].startswith(side), line
    a = fast_chat.ask("Compare ICLR and ICML papers on bandit problems")  # venues it does
    assert a.refused and a.answer.endswith(  # not hold, said as a listing says them
        " The index holds no ICLR or ICML papers; its venues are ALT and COLT."), a.answer
    searched: list[str] = []  # each side searches what its own listing searches ("Which
    search = Retriever.search  # papers study X?"; it embedded the bare topic, whose
    # similarities the relevance cut is not set for: "Compare AISTATS and UAI papers on causal
    # inference" listed 39 in all, its sides' listings 69 and 39)

    def spy(self: Retriever, query: str, *args: object, **kwargs: object) -> object:
        searched.append(query)
        return search(self, query, *args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(Retriever, "search", spy)
        fast_chat.ask("Compare COLT and ALT papers on bandit problems")
        sides = list(searched)
        searched.clear()
        fast_chat.ask("Which COLT papers study bandit problems?")
    assert sides == searched * 2 and searched, (sides, searched)


def test_a_stated_interest_a_whats_new_or_a_pick_asks_what_it_means(fast_chat: PaperChat,
                                                                     tmp_path: Path) -> None:
    """"I'm interested in X. What's there?" lists the papers on X ("... Which ones are from
    2025?" those of them); "What's new in X?" lists them newest first; "Who wrote the first
    one?" after a listing gives its authors; "Give me an overview of the corpus" the catalog's
    counts. They were summaries of papers naming "interested", "new", "first one" or
    "overview" (or refused)."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("I'm interested in bandit problems. What's there?")
    assert a.kind == "listing" and sorted(p["paper_id"] for p in a.papers) == [
        "p0", "p1", "p2", "p3"]
    a = fast_chat.ask("I am working on bandit problems. Which ones are from 2025?")
    assert sorted(p["paper_id"] for p in a.papers) == ["p1", "p2"]
    a = fast_chat.ask("What's new in bandit problems?")
    assert a.kind == "listing" and [p["year"] for p in a.papers] == [2025, 2025, 2024, 2024]
    a = fast_chat.ask("what are COLT papers saying about bandit problems?")  # a summary of
    assert a.kind == "summary" and sorted(p["paper_id"] for p in a.papers) == [  # them (it
        "p0", "p1", "p3"], a.answer  # searched "saying bandit problems")
    conv = Conversation()
    first = fast_chat.ask("Which papers study bandit problems?", conv).papers[0]
    a = fast_chat.ask("Who wrote the first one?", conv)
    assert a.answer == f"\u201c{first['title']}\u201d is by {first['authors'][0]} [1]."
    assert a.citations[0].paper_id == first["paper_id"]
    # "who wrote it?" after a pick: of the paper picked ("it" was read as a search word, and
    # the answer was the listing again, its question "bandit problems who it?")
    conv = Conversation()
    listed = fast_chat.ask("Which papers study bandit problems?", conv).papers
    a = fast_chat.ask("Tell me more about the second one", conv)  # its sentences beyond the
    lines = a.answer.splitlines()  # one answering (that one alone added nothing to the list)
    assert len(lines) == 2 and all(line.endswith(" [1].") for line in lines), lines
    assert lines[1][:-len(" [1].")] + "." in split_sentences(listed[1]["abstract"]), lines
    for question, said in (("Who wrote it?", f"is by {listed[1]['authors'][0]} [1]."),
                           ("Who are its authors?", f"is by {listed[1]['authors'][0]} [1]."),
                           ("Where are its authors from?",
                            f"list {listed[1]['affiliations'][0]} [1]."),
                           ("Is it an oral?", "is listed as"),
                           ("What is its status?", "is listed as"),
                           ("When was this paper published?", "appeared at")):
        a = fast_chat.ask(question, conv)
        title = f"\u201c{listed[1]['title']}\u201d"
        assert a.answer.removeprefix("No: ").startswith((title, f"The authors of {title}")) and (
            said in a.answer), (
            question, a.answer)
        assert [p["paper_id"] for p in a.papers] == [listed[1]["paper_id"]], question
    fast_chat.ask("Tell me about the first two", conv)
    a = fast_chat.ask("Who wrote them?", conv)
    assert [p["paper_id"] for p in a.papers] == [p["paper_id"] for p in listed[:2]]
    assert len(a.answer.splitlines()) == 2 and " is by " in a.answer
    conv = Conversation()  # after a listing of a few: "it" is each of them (it was read as
    few = fast_chat.ask("Which papers study bandit problems?", conv).papers  # a search word)
    plan = fast_chat.answerer().plan("Who wrote it?", conv, None)
    assert plan.scope == [p["paper_id"] for p in few] and plan.fact == "authors"
    assert _fact_asked("Where are its authors from?") == ("affiliations", "it")
    assert _fact_asked("What is its decision boundary?") is None  # no fact of a paper
    # "papers similar to it" after a pick: that paper's neighbours (its title and the
    # question's words were searched)
    for question in ("Find papers similar to it", "Any similar papers?", "more like this one",
                     "Which papers are related to this paper?", "what are similar papers?",
                     "any follow-up work?", "papers building on it"):  # (searched the words)
        conv = Conversation()
        listed = fast_chat.ask("Which papers study bandit problems?", conv).papers
        fast_chat.ask("Tell me more about the second one", conv)
        plan = fast_chat.answerer().plan(question, conv, None)
        assert (plan.kind, plan.like) == ("listing", listed[1]["paper_id"]), question
        a = fast_chat.ask(question, conv)
        assert a.papers[0]["paper_id"] == listed[1]["paper_id"], question
        assert f"closest in meaning to \u201c{listed[1]['title']}\u201d" in a.answer, question
    for question in ("find similar papers", "more like this"):  # after several, or none:
        several = Conversation()  # which one is asked (it searched "find papers", "like")
        fast_chat.ask("Which papers study bandit problems?", several)
        which = fast_chat.ask(question, several)
        assert which.answer == prompts.render(prompts.LIKE_WHICH, count=4, s="s"), which.answer
        assert not which.papers and fast_chat.ask(question).answer == prompts.LIKE_WHAT
    conv2 = Conversation()  # "who else works on this?": the authors of its neighbours, or
    listed2 = fast_chat.ask("Which papers study bandit problems?", conv2).papers  # of a list,
    plan = fast_chat.answerer().plan("who else works on this topic?", conv2, None)  # counted
    assert (plan.tally, plan.scope) == ("author", [p["paper_id"] for p in listed2]), plan
    fast_chat.ask("Tell me more about the second one", conv2)  # (it searched "else")
    plan = fast_chat.answerer().plan("who else works on this?", conv2, None)
    assert (plan.tally, plan.like) == ("author", listed2[1]["paper_id"]), plan
    a2 = fast_chat.ask("who else works on this?", conv2)  # not the paper's own authors
    own = listed2[1]["authors"]
    assert own and f"By author besides the authors of \u201c{listed2[1]['title']}" in a2.answer
    assert not any(f". {name}: " in a2.answer for name in own), a2.answer
    assert re.search(r"^1\. .+: \d+ papers? \[\d", a2.answer, re.MULTILINE), a2.answer
    # "who are its authors?" after them: of the paper they are like (its words were searched);
    # "who are their authors?": the same papers again, all the authors of each (the words
    # "similar" and the title's were searched)
    like = [p["paper_id"] for p in a.papers]
    a = fast_chat.ask("Who are their authors?", conv)
    assert [p["paper_id"] for p in a.papers] == like and "closest in meaning to" in a.answer
    assert all(", ".join(p["authors"]) in a.answer for p in a.papers), a.answer
    a = fast_chat.ask("Who are its authors?", conv)
    assert [p["paper_id"] for p in a.papers] == [listed[1]["paper_id"]], a.answer
    assert f"is by {listed[1]['authors'][0]}" in a.answer
    conv = Conversation()  # after a listing of several: no one paper to be like
    listed = fast_chat.ask("Which papers study bandit problems?", conv).papers
    a = fast_chat.ask("who are their authors?", conv)  # the listing again, with every author
    assert [p["paper_id"] for p in a.papers] == [p["paper_id"] for p in listed], a.answer
    assert all(", ".join(p["authors"]) in a.answer for p in listed), a.answer
    assert a.answer.splitlines()[0] == "The last list holds 4 papers:"  # (was "4 papers of
    # the 4 ... match" the words of every question before)
    assert not fast_chat.answerer().plan("Any similar papers?", conv, None).like
    assert fast_chat.ask("Give me an overview of the corpus").answer.splitlines()[0] == (
        "The index holds 6 papers from 2024 to 2025:")


def test_the_acronym_paper_is_the_one_titled_what_the_corpus_spells_it_out_as(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"Who wrote the DPO paper?": the paper titled what the abstracts spell DPO out as
    (or titled DPO before a colon, "the QLoRA paper", "the pi0.5 paper" for "$\\pi_{0.5}$:
    ..."); "the bandit paper" names no one paper. "Papers similar to the DPO paper" are that
    paper's neighbours."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", [
        {"id": "dpo", "title": "Direct Preference Optimization: Your Model is a Reward Model",
         "authors": ["Ann Lee"], "status": "Oral", "abstract": "We propose Direct Preference "
         "Optimization (DPO), a stable way to align models. DPO needs no reward model."},
        {"id": "ql", "title": "QLoRA: Efficient Finetuning", "authors": ["Bo Chen"],
         "abstract": "We present QLoRA, which finetunes quantized models."},
        {"id": "ipo", "title": "Preference optimization without rewards", "authors": ["Cy Li"],
         "abstract": "We compare with direct preference optimization (DPO) on bandit tasks."},
        {"id": "pi", "title": "$\\pi_{0.5}$: a Vision-Language-Action Model", "status": "Oral",
         "authors": ["Di Ng"], "abstract": "We present a robot policy that generalizes."}])
    fast_chat._llm = ScriptedLLM()
    # a title in LaTeX, named as typed ("pi0.5": its "5 paper" was read as "5 papers")
    for question in ("Is the pi0.5 paper an oral?", "Who wrote pi0.5?"):
        a = fast_chat.ask(question)
        assert [c.paper_id for c in a.citations] == ["pi"], (question, a.answer)
    a = fast_chat.ask("Who wrote the DPO paper?")
    assert a.answer == ("\u201cDirect Preference Optimization: Your Model is a Reward Model\u201d "
                        "is by Ann Lee [1].")
    assert fast_chat.ask("Who wrote the QLoRA paper?").citations[0].paper_id == "ql"
    assert not fast_chat.answerer().plan("Who wrote the bandit paper?", None, None).fact
    # the acronym alone, and a status asked among two ("an oral or a poster?"; they were
    # searched as words: "no indexed paper writes poster")
    for question, said in (("Was DPO an oral?", "Yes: "), ("Was DPO an oral or a poster?", ""),
                           ("Is the DPO paper a spotlight, an oral or a poster at NeurIPS?", "")):
        a = fast_chat.ask(question)
        assert a.answer.startswith(f"{said}\u201cDirect Preference Optimization: Your Model is a "
                                   "Reward Model\u201d is listed as Oral"), (question, a.answer)
    assert fast_chat.ask("Who wrote DPO?").answer.endswith("is by Ann Lee [1].")
    plan = fast_chat.answerer().plan("papers similar to the DPO paper", None, None)
    assert plan.like == "dpo", plan  # its neighbours (it listed the papers on "DPO paper")
    a = fast_chat.ask("What does the DPO paper say about reward models?")  # (it searched
    assert [p["paper_id"] for p in a.papers] == ["dpo"], a.answer  # "DPO reward models")
    assert "DPO needs no reward model" in a.answer, a.answer  # its sentence on them


def test_the_limitations_of_a_topic_are_read_from_its_papers(fast_chat: PaperChat,
                                                             tmp_path: Path) -> None:
    """"What are the limitations of X?" (challenges, applications ...) summarizes the papers on
    X, each by its sentence on that aspect where it has one (the aspect's word, else words for
    it: "However, exact solvers are expensive"), else saying its abstract names none; it was
    refused where no paper names the aspect word with X in a way the cut counts. Of more papers
    than a summary draws on, those naming the aspect come first."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", [
        {"id": "a", "title": "Optimal transport at scale", "abstract": "We study optimal "
         "transport for large data. Our solver is fast. One limitation is its memory cost."},
        {"id": "b", "title": "Optimal transport in setting 2", "abstract": "We study optimal "
         "transport in setting 2. Bounds follow."},
        {"id": "c", "title": "Optimal transport on graphs", "abstract": "We study optimal "
         "transport on graphs of 2 kinds. The graphs come from 2 sources. However, exact "
         "solvers are expensive on large graphs. Our solver is fast."},
        {"id": "d", "title": "Optimal transport on hard instances", "abstract": "We study "
         "optimal transport on hard instances in the limit of many points. Bounds follow."},
        {"id": "e", "title": "Optimal transport for images", "abstract": "We study optimal "
         "transport for images. It requires no labels. Entropic solvers are powerful, but they "
         "require a lot of time and data."}])
    fast_chat._llm = ScriptedLLM()
    fast_chat.settings.llm.summary_sources = 5  # each paper's line
    a = fast_chat.ask("What are the main limitations of optimal transport?")
    assert not a.refused and sorted(p["paper_id"] for p in a.papers) == ["a", "b", "c", "d", "e"]
    assert "but they require a lot of time and data" in a.answer, a.answer
    assert "One limitation is its memory cost" in a.answer
    # a limitation in other words ("expensive"): that sentence, not "does not name"; an
    # everyday word with no problem set against anything ("hard instances") is none
    assert "However, exact solvers are expensive on large graphs" in a.answer, a.answer
    assert "We study optimal transport on hard instances" not in a.answer, a.answer
    # a paper whose abstract names none says so (its closest sentence was shown instead)
    n = [p["paper_id"] for p in a.papers].index("b") + 1
    assert prompts.render(prompts.ASPECT_UNNAMED, title="Optimal transport in setting 2",
                          aspect="limitations")[:-1] + f" [{n}]." in a.answer.splitlines(), a.answer
    conv = Conversation()  # ... of the last answer's papers (it summarized the papers on
    fast_chat.ask("Which papers study optimal transport?", conv)  # "limitations" alone)
    a = fast_chat.ask("what are their limitations?", conv)
    assert "One limitation is its memory cost" in a.answer and len(a.papers) == 5, a.answer
    for question in ("what are the limitations on optimal transport?",  # "in this area": "on
                     "What are the main limitations in this area?",  # <its topic>" (it
                     "are there papers that criticize optimal transport?",  # (it searched
                     "what are the criticisms of optimal transport?"):  # "criticize")
        a = fast_chat.ask(question, conv)  # ("limitations" searched, refused)
        assert "One limitation is its memory cost" in a.answer and len(a.papers) == 5, (
            question, a.answer)
    # the datasets they use: each paper's sentence naming its data (a corpus in other words),
    # else none named (it summarized the papers on "datasets evaluate")
    _ingest_rows(fast_chat, tmp_path / "more.jsonl", [
        {"id": "f", "title": "Optimal transport benchmarks", "abstract": "We study optimal "
         "transport for shapes. We evaluate on the ShapeNet and ModelNet datasets."}])
    conv = Conversation()
    fast_chat.ask("Summarize the papers on optimal transport", conv)
    for question in ("which datasets do they evaluate on?",
                     "What datasets do papers on optimal transport use?",
                     "what datasets are commonly used for optimal transport?",
                     "which datasets?",  # (it searched "datasets" in every paper)
                     "what's the most common dataset among them?",  # (these two searched
                     "what is the most popular dataset?",  # "common dataset", "popular
                     "which dataset is the most popular for optimal transport?"):  # dataset")
        a = fast_chat.ask(question, conv)
        assert "We evaluate on the ShapeNet and ModelNet datasets" in a.answer, (question,
                                                                                a.answer)
        n = [p["paper_id"] for p in a.papers].index("b") + 1
        assert prompts.render(prompts.ASPECT_UNNAMED, title="Optimal transport in setting 2",
                              aspect="datasets")[:-1] + f" [{n}]." in a.answer.splitlines()
    # anything else they use: each paper's sentence naming it; one naming none by its closest
    # sentence (an aspect without cue words: "on a Franka arm" names a robot without the
    # word), not "does not name" (it summarized the papers on "robots")
    _ingest_rows(fast_chat, tmp_path / "robots.jsonl", [
        {"id": "g", "title": "Optimal transport for control", "abstract": "We study optimal "
         "transport for control. Our experiments use two robots in a kitchen."}])
    fast_chat.settings.llm.summary_sources = 10
    conv = Conversation()
    fast_chat.ask("Summarize the papers on optimal transport", conv)
    assert fast_chat.answerer().plan("what assumptions do they make?", conv,  # (a summary
                                     None).aspect == "assumptions"  # of them, aspect unread)
    assert fast_chat.answerer().plan("what data do they use?", conv, None).aspect == "data"
    for question in ("which robots do they use?", "What robots do papers on optimal transport "
                     "use?"):
        assert fast_chat.answerer().plan(question, conv, None).aspect == "robots", question
        a = fast_chat.ask(question, conv)
        assert "Our experiments use two robots in a kitchen" in a.answer, (question, a.answer)
        assert "does not name its robots" not in a.answer, a.answer
    assert named_aspect("applications") and named_aspect("datasets") and not named_aspect(
        "robots")
    # of more papers than it draws on, those naming the aspect first ("the future directions
    # of X": the closest named none, each line "does not name its future directions")
    _ingest_rows(fast_chat, tmp_path / "future.jsonl", [
        {"id": "h", "title": "Sampling with convex solvers", "abstract": "We study sampling. "
         "A convex solver helps. Future work will extend optimal transport to graphs."}])
    fast_chat.settings.llm.summary_sources = 1
    a = fast_chat.ask("What are the future directions of optimal transport?")
    assert a.answer.splitlines()[:2] == [
        "8 papers in the indexed abstracts match \u201coptimal transport\u201d; from the 1 closest, "
        "those naming future directions first (all 8 are in the list of papers):",
        "Future work will extend optimal transport to graphs [1]."], a.answer


def test_papers_not_being_presented_are_those_of_that_session(fast_chat: PaperChat,
                                                              tmp_path: Path) -> None:
    """"Which papers are not being presented?" lists the papers of a session so named (the
    NeurIPS file's "Posters Not Being Presented"; it searched the words: none found)."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", [
        {"id": f"s{i}", "title": f"Bandit study {i}", "abstract": f"We study bandits {i}.",
         "session": session} for i, session in enumerate(
            ["Posters Not Being Presented", "Poster Session 1: Tuesday, Dec 12, 08:45 CT",
             "Posters Not Being Presented"])])
    fast_chat._llm = ScriptedLLM()
    assert fast_chat.index.match_session("Which papers are not being presented?") == (
        "Posters Not Being Presented", "not being presented")
    assert _listed(fast_chat, "Which papers are not being presented?") == ["s0", "s2"]
    assert _listed(fast_chat, "Which bandit papers are not presented?") == ["s0", "s2"]
    assert _listed(fast_chat, "papers on bandits that are not presented in person") == [
        "s0", "s2"]  # ("person" was a word to find)


def test_cli_search_reads_a_misspelled_word_as_the_chat_does(
        fast_chat: PaperChat, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`paperchat search "federated lerning"` searches for "federated learning" and says so on
    stderr (it searched for the word no paper writes); --exact searches the words as typed."""
    from typer.testing import CliRunner

    from rag import cli

    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", [
        {"id": f"fl{i}", "title": f"Federated learning study {i}",
         "abstract": f"We study federated learning in setting {i}. Clients learn."}
        for i in range(3)])
    monkeypatch.setattr(cli, "_open", lambda *args, **kwargs: fast_chat)
    result = CliRunner().invoke(cli.app, ["search", "federated lerning", "--json"])
    assert result.exit_code == 0, result.output
    assert "\u201clerning\u201d read as \u201clearning\u201d" in result.stderr
    assert {h["paper_id"] for h in json.loads(result.stdout)} == {"fl0", "fl1", "fl2"}
    exact = CliRunner().invoke(cli.app, ["search", "federated lerning", "--exact", "--json"])
    assert exact.exit_code == 0 and "read as" not in exact.stderr


def test_follow_ups_that_count_exclude_or_judge_the_last_answers_papers(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """After a listing, "how many are orals?" narrows it (it counted the catalog's orals),
    "remove the posters" / "drop those from 2024" leave out those the filter matches,
    "exclude the ones on X" those naming X, "which one is the most cited?" judges among them
    (it listed the papers naming "one"), "who are their co-authors?" counts their authors
    (it was refused)."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()

    def after_listing(question: str, first: str = "Which papers study bandit problems?") -> Answer:
        conv = Conversation()
        fast_chat.ask(first, conv)
        return fast_chat.ask(question, conv)

    def ids(answer: Answer) -> list[str]:
        return sorted(p["paper_id"] for p in answer.papers)

    assert ids(after_listing("How many are orals?")) == ["p0", "p2"]
    # ... not a question with a subject of its own (it was "None of the 4 papers ...")
    conv = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv)
    for question, scoped in (("How many clients does On federated learning 4 have?", False),
                             ("how many settings do they study?", True),
                             ("how many of them do bandit problems?", True),
                             ("How many ALT 2025 orals are there?", False),  # the catalog's
                             ("how many are from COLT in total?", False),  # (it narrowed, to
                             ("how many are orals overall?", False),  # a topic "total")
                             ("how many orals are there?", True)):
        plan = fast_chat.answerer().plan(question, conv, None)
        assert (plan.scope is not None) == scoped, question
    plan = fast_chat.answerer().plan("how many settings do they study?", conv, None)
    assert plan.kind == "summary" and plan.whole_scope, plan  # what they say of it (it
    # narrowed them to papers naming "settings study")
    conv = Conversation()  # after a list of orals, another status: the catalog's (none of
    fast_chat.ask("Which papers are orals?", conv)  # them could be)
    assert fast_chat.answerer().plan("how many posters are there?", conv, None).scope is None
    assert fast_chat.answerer().plan("how many orals are there?", conv, None).scope is not None
    a = fast_chat.ask("how many are posters?", conv)  # ... but "how many are posters?": of
    assert a.refused and a.answer == "The previous answer's 2 papers include no posters."
    # them, none (it counted the catalog's)
    assert ids(after_listing("any orals among them?")) == ["p0", "p2"]  # ("among" a word)
    assert ids(after_listing("any orals?")) == ["p0", "p2"]  # (every oral of the catalog)
    assert ids(after_listing("only the oral ones")) == ["p0", "p2"]  # ("oral ones" words)
    a = after_listing("Remove the posters")
    assert ids(a) == ["p0", "p2"] and a.answer.splitlines()[0] == (
        "2 papers of the 4 from the previous answer match \u201cbandit problems\u201d but not "
        "\u201cposters\u201d:")
    assert ids(after_listing("drop those from 2024")) == ["p1", "p2"]
    assert ids(after_listing("Exclude the ones on federated learning",
                             "Which papers are from COLT?")) == ["p0", "p1", "p3"]
    # "excluding ..." likewise (it was refused: no topic to list)
    assert ids(after_listing("excluding the posters")) == ["p0", "p2"]
    for question in ("which ones are from the oral track?",  # a status as a track (it
                     "which of them are in the oral track?"):  # matched "oral track")
        assert ids(after_listing(question)) == ["p0", "p2"], question
    assert _listed(fast_chat, "papers in the oral track on bandit problems") == ["p0", "p2"]
    assert ids(after_listing("excluding the federated learning ones",
                             "Which papers are from COLT?")) == ["p0", "p1", "p3"]
    for question in ("Which one is the most cited?", "which one is cited most?"):  # (it
        a = after_listing(question)  # narrowed the list to those naming "cited")
        assert a.count == 4 and a.answer.startswith(prompts.JUDGEMENT), question
    conv = Conversation()  # after a narrowing, of the list's topic (it quoted "bandit
    fast_chat.ask("Which papers study bandit problems?", conv)  # problems orals")
    fast_chat.ask("which ones are orals?", conv)
    a = fast_chat.ask("Which one is the most cited?", conv)
    assert a.answer.splitlines()[1].endswith(
        " from the previous answer match \u201cbandit problems\u201d:"), a.answer
    a = after_listing("which of these is best for federated learning?",  # a judgement, of
                      "Which papers are from COLT?")  # those on it (it searched "best")
    assert ids(a) == ["p4"] and a.answer.startswith(prompts.JUDGEMENT), a.answer
    for question in ("which one is the most federated?", "which one is more federated?"):
        a = after_listing(question, "Which papers are from COLT?")  # a property
        assert ids(a) == ["p4"] and a.answer.startswith(prompts.JUDGEMENT), (question, a.answer)
    # ranked: those that are so (it asked for a topic)
    for question in ("which one has the strongest federated learning results?",  # a quality
                     "which of them achieves the best federated learning?"):  # ranked: those
        a = after_listing(question, "Which papers are from COLT?")  # naming it (it narrowed
        assert ids(a) == ["p4"] and a.answer.startswith(prompts.JUDGEMENT), (  # to "strongest
            question, a.answer)  # federated learning results": none)
    assert not fast_chat.answerer().plan("which methods are most robust to noise?", None,
                                         None).judged  # a property asked for
    a = after_listing("Who are their co-authors?")
    assert a.answer.splitlines()[:2] == ["The last list holds 4 papers:", prompts.render(
        prompts.TALLY_HEADER, by="co-author")]
    # ... and by venue, institution or author (refused, or a search for "institutions")
    for question, by, first in (("Which venues are they from?", "venue", "1. COLT: 3 papers"),
                                ("which institutions are they from?", "institution",
                                 "1. MIT: 3 papers"),
                                ("Who appears most often among their authors?", "author",
                                 "1. Author 0: 1 paper"),
                                ("thanks! who wrote the most of these?", "author",
                                 "1. Author 0: 1 paper"),  # (every paper's authors counted)
                                ("who are the main authors?", "author",  # (it searched
                                 "1. Author 0: 1 paper"),  # "authors")
                                ("which authors appear in more than one?", "author",
                                 "1. Author 0: 1 paper"),  # (it searched "appear one")
                                ("which authors appear most?", "author",  # (these three
                                 "1. Author 0: 1 paper"),  # searched "appear" or
                                ("which institutions appear most often?", "institution",
                                 "1. MIT: 3 papers"),  # "institutions common")
                                ("which venues are most common?", "venue", "1. COLT: 3 papers"),
                                ("who are the key people?", "author",  # (every paper's)
                                 "1. Author 0: 1 paper")):
        lines = [re.sub(r" \[.*", "", x) for x in after_listing(question).answer.splitlines()]
        assert lines[:3] == ["The last list holds 4 papers:", prompts.render(
            prompts.TALLY_HEADER, by=by), first], question
    # the review's cases: ordinary questions stay searches; a judgement said where none is so
    for question in ("are there papers that study federated learning?",  # ("that study" was
                     "does it have research on federated learning?"):  # read as "that paper",
        assert ids(after_listing(question)) == ["p4", "p5"], question  # "does it have" as it)
    assert after_listing("which one is the most suitable?").answer.startswith(prompts.JUDGEMENT)
    for question in ("any federated ones?",  # (these searched "federated ones", "federated
                     "show me the papers on federated learning among them"):  # learning among")
        a = after_listing(question, "Which papers are from COLT?")
        assert ids(a) == ["p4"] and "of the 4" in a.answer.splitlines()[0], (question, a.answer)
    conv = Conversation()  # "what are the main techniques?": what the last answer's papers
    fast_chat.ask("Which papers study bandit problems?", conv)  # use (it searched
    for question in ("what are the main techniques?", "what are the rates?",  # them; "the
                     "what are the defenses proposed?", "what are the limitations?"):  # rates",
        plan = fast_chat.answerer().plan(question, conv, None)  # "the limitations" searched
        assert plan.kind == "summary" and sorted(plan.scope or []) == [  # in every paper)
            "p0", "p1", "p2", "p3"], (question, plan)
    assert _WHAT_ARE_THE.match("what are the future works?") is None  # (the review's: "What
    # future works do they use?")
    for question in ("what are the limitations?", "what are the open problems?",  # (the two
                     "what are the future directions?"):  # words: searched in every paper)
        plan = fast_chat.answerer().plan(question, conv, None)
        assert plan.aspect and sorted(plan.scope or []) == ["p0", "p1", "p2", "p3"], question
    assert fast_chat.answerer().plan("which concerns do they raise?", conv,  # a noun: not
                                     None).topic != "raise"  # "concern" narrowing to "raise"
    for question, first in (("what are the links?", "The catalog gives no links"),  # not
                            ("what are the URLs?", "The catalog gives no links"),  # what they
                            ("what are the titles?", "The last list holds 4 papers:")):  # "use"
        a = after_listing(question)
        assert a.answer.startswith(first), (question, a.answer)
    for question in ("are there any that study federated learning?",  # "any that ...": of the
                     "is there any that studies federated learning?"):  # list (a search)
        a = after_listing(question, "Which papers are from COLT?")
        assert ids(a) == ["p4"] and "of the 4" in a.answer.splitlines()[0], (question, a.answer)
    for question, said in (  # a share of a venue's papers, of the index by other words
            ("what percentage of all COLT papers is that?", prompts.render(
                prompts.SHARE_OF_TOPIC_PART, inside="3", count="4", base="4",
                papers="COLT papers", pct="75.0", all_pct="66.7", total="6")),
            ("what percentage of the whole corpus is that?", prompts.render(
                prompts.SHARE_OF_ALL, count="4", total="6", pct="66.7")),
            ("what percentage of all quantum papers is that?", prompts.render(
                prompts.SHARE_OF_NONE, papers="papers naming \u201cquantum\u201d", count="4"))):
        assert after_listing(question).answer == said, question  # ("naming “COLT”": none)
    assert after_listing("how does it change in the federated setting?").kind == "summary"
    assert after_listing("which of the top three are orals?").answer.startswith(  # (a search
        "The picked 3 papers include")  # for "top three")
    lines = after_listing("in which years?").answer.splitlines()  # (it searched "years")
    assert lines[:2] == ["The last list holds 4 papers:", prompts.TALLY_BY_YEAR], lines
    conv = Conversation()  # "who else works on this?" under a sidebar filter of an
    listed = ids(fast_chat.ask("Which papers study bandit problems?", conv))  # institution:
    fast_chat.ask("Tell me more about the first one", conv)  # its authors there, but the
    first = next(p for p in _venue_rows() if p["id"] == listed[0])  # paper's own (they were
    a = fast_chat.ask("who else works on this?", conv, Filters(  # counted)
        affiliation=str(first["affiliations"][0])))  # type: ignore[index]
    assert not any(f". {name}: " in a.answer for name in first["authors"]), a.answer
    # "are there any other papers on X?": besides the last answer's (it listed them again)
    conv = Conversation()
    fast_chat.ask("Which COLT papers study bandit problems?", conv)
    a = fast_chat.ask("are there any other papers on bandit problems?", conv)
    assert ids(a) == ["p2"] and "besides the 3 papers of the last answer" in (
        a.answer.splitlines()[0]), a.answer
    # "the ones" with no list yet: papers (it searched "ones")
    a = fast_chat.ask("which ones are about bandit problems?")
    assert (a.kind, ids(a)) == ("listing", ["p0", "p1", "p2", "p3"]), a.answer
    assert ids(fast_chat.ask("show me the ones from Stanford University")) == ["p1", "p5"]


def test_a_share_a_preference_an_order_at_the_end_or_nothing_asked(fast_chat: PaperChat,
                                                                    tmp_path: Path) -> None:
    """"What fraction of COLT papers study X?" lists them with their share of COLT's papers;
    "Which is more popular, A or B?" compares A and B; "papers on X, newest first" lists by
    year; "?" gets the help reply. They read "fraction", "popular", "newest first" and "?" as
    words to find."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("What fraction of COLT papers study bandit problems?")
    assert a.answer.splitlines()[0] == "75.0 % of the 4 indexed papers from COLT are listed below."
    assert sorted(p["paper_id"] for p in a.papers) == ["p0", "p1", "p3"]
    # the share of some papers that are of a status or venue: of those papers (it was "100 %")
    a = fast_chat.ask("What proportion of COLT 2024 papers are orals?")
    assert a.answer.splitlines()[0] == "1 of the 3 COLT 2024 papers (33.3 %) are listed below."
    assert [p["paper_id"] for p in a.papers] == ["p0"]
    a = fast_chat.ask("What fraction of papers on bandit problems are from COLT?")
    assert a.answer.splitlines()[0] == (
        "3 of the 4 papers on \u201cbandit problems\u201d (75.0 %) are listed below.")
    for question in ("Which is more popular, bandit problems or federated learning?",
                     "Which works better: bandit problems or federated learning?",
                     "Are bandit problems more popular than federated learning?",  # (they
                     "is bandit problems better than federated learning?"):  # were refused)
        a = fast_chat.ask(question)
        assert "matching each side: 4 \u201cbandit problems\u201d and 2 \u201cfederated learning\u201d" in (
            a.answer.splitlines()[0]), question
    conv = Conversation()  # "and how many about X?": X's own count (it narrowed the last
    fast_chat.ask("How many papers are about bandit problems?", conv)  # list to X: none)
    assert fast_chat.ask("and how many about federated learning?", conv).count == 2
    for question in ("what percentage of all papers is that?",  # (refused before)
                     "what fraction is that of all papers?", "what share is that of the corpus?"):
        a = fast_chat.ask(question, Conversation(list(conv.turns)))  # (the last two searched
        assert a.answer == prompts.render(prompts.SHARE_OF_ALL, count="2", total="6",  # their
                                          pct="33.3"), (question, a.answer)  # noun)
    conv2 = Conversation()  # after a narrowing: of the list narrowed too
    fast_chat.ask("How many papers are about bandit problems?", conv2)
    assert fast_chat.ask("and how many of those are from COLT?", conv2).count == 3
    assert fast_chat.ask("what fraction is that?", conv2).answer == prompts.render(
        prompts.SHARE_OF_BEFORE, count="3", before="4", before_pct="75.0", total="6",
        pct="50.0")
    # ... of an earlier answer's on a topic named, or of the papers naming it (it listed the
    # papers on the topic and gave their share of the index)
    for question in ("what percentage of all bandit problems papers is that?",
                     "what fraction is that of all bandit problems papers?"):
        assert fast_chat.ask(question, Conversation(list(conv2.turns))).answer == prompts.render(
            prompts.SHARE_OF_TOPIC, count="3", base="4", pct="75.0", all_pct="50.0", total="6",
            papers="papers on \u201cbandit problems\u201d of an earlier answer"), question
    assert fast_chat.ask("what share of the papers on setting 4 are those?",
                         conv2).answer == prompts.render(
        prompts.SHARE_OF_TOPIC_PART, count="3", inside="0", base="1", pct="0.0",
        all_pct="50.0", total="6", papers="indexed papers naming \u201csetting 4\u201d")
    # "what fraction of those are orals?": those, with their share of the last answer's (it
    # searched "those" among all papers)
    conv3 = Conversation()
    fast_chat.ask("Which papers study bandit problems?", conv3)
    a = fast_chat.ask("and what fraction of those are orals?", conv3)
    assert a.answer.splitlines()[0] == prompts.render(
        prompts.SHARE_OF_ANSWER, pct="50.0", whose="the previous answer's", total="4", on="")
    assert sorted(p["paper_id"] for p in a.papers) == ["p0", "p2"]
    a = fast_chat.ask("which papers study both?", conv)  # the last two topics (refused)
    assert a.standalone_query == "Which papers study bandit problems and federated learning?"
    conv = Conversation()  # ... and after a comparison, its sides by their papers (it
    fast_chat.ask("Compare federated learning and bandit problems", conv)  # narrowed them
    a = fast_chat.ask("which is more popular?", conv)  # to those naming "popular")
    assert a.answer == prompts.render(prompts.MORE_PAPERS, counts="\u201cbandit problems\u201d "
                                      "4, \u201cfederated learning\u201d 2") and not a.papers
    conv = Conversation()  # "which is better?": the abstracts cannot tell (it searched
    fast_chat.ask("Compare federated learning and bandit problems", conv)  # "better")
    a = fast_chat.ask("which is better?", conv)
    assert a.answer == prompts.render(prompts.WHICH_BETTER, counts="\u201cbandit problems\u201d "
                                      "4, \u201cfederated learning\u201d 2") and not a.papers
    a = fast_chat.ask("are there papers that use both?", conv)  # its two sides (refused)
    assert a.standalone_query == "Which papers study federated learning and bandit problems?"
    for question in ("List papers on bandit problems, newest first",
                     "I need papers on bandit problems, preferably recent"):  # (a topic word)
        a = fast_chat.ask(question)
        assert [p["year"] for p in a.papers] == [2025, 2025, 2024, 2024], question
        assert a.answer.splitlines()[0].endswith("\u201cbandit problems\u201d, newest first:")
    a = fast_chat.ask("?")
    assert not a.refused and a.answer.startswith("I answer from the 6 indexed papers")


def test_years_named_by_the_date_count_from_today(fast_chat: PaperChat, tmp_path: Path) -> None:
    """"last year", "this year", "two years ago", "the past two years", "the last decade" are
    years counted from today's date (the answerer's clock), and the answer says how it read
    them; they were words to find ("Which COLT papers from last year ..." was refused)."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()

    def ask(question: str, today: date) -> Answer:
        answerer = fast_chat.answerer()
        answerer.reader.today = lambda: today
        done = [e for e in answerer.ask(question, None) if isinstance(e, DoneEvent)]
        return done[0].answer

    for question, today, ids, year in (
            ("Which COLT papers from last year study bandit problems?", date(2026, 3, 1),
             ["p1"], "\u201clast year\u201d as 2025"),
            ("last year's COLT papers on bandit problems", date(2025, 12, 31), ["p0", "p3"],
             "\u201clast year\u201d as 2024"),
            ("bandit problems papers from this year", date(2025, 1, 2), ["p1", "p2"],
             "\u201cthis year\u201d as 2025"),
            ("COLT papers from two years ago on bandit problems", date(2026, 6, 1), ["p0", "p3"],
             "\u201ctwo years ago\u201d as 2024"),
            ("papers on bandit problems in the past two years", date(2026, 6, 1), ["p1", "p2"],
             "\u201cthe past two years\u201d as since 2025"),
            ("papers of the last decade on bandit problems", date(2034, 6, 1), ["p1", "p2"],
             "\u201cthe last decade\u201d as since 2025"),
            ("bandit problems papers of the past 10 years", date(2033, 6, 1),
             ["p0", "p1", "p2", "p3"], "\u201cthe past 10 years\u201d as since 2024"),
            ("bandit problems papers from the past year", date(2025, 11, 2), ["p1", "p2"],
             "\u201cthe past year\u201d as since 2025"),
            ("what came out in the last year on bandit problems?", date(2025, 11, 2),
             ["p1", "p2"], "\u201cthe last year\u201d as since 2025")):
        a = ask(question, today)
        assert sorted(p["paper_id"] for p in a.papers) == ids, (question, a.answer)
        assert a.answer.splitlines()[0] == (
            f"Read {year}, counting from today, {today.day} {today:%B %Y}."), question
    a = ask("Which papers from last year study bandit problems?", date(2027, 5, 1))
    assert a.refused and not a.papers  # 2026: no paper is from it, and the answer says so
    assert "no papers from 2026; its papers are from 2024 to 2025" in a.answer
    for question in ("bandit problems in the last year of training", "the last year bandits"):
        assert ask(question, date(2025, 5, 1)).standalone_query == question  # words, not years


def _topic_rows() -> list[dict[str, object]]:
    """30 papers without areas: 12 on bandits (COLT 2024, then ALT 2025), 10 on federated
    learning (ALT 2025), 8 on nothing in common (2024, no venue); "Efficient" starts every
    third title."""
    rows: list[dict[str, object]] = []
    words = ("regret arms exploration", "clients server aggregation", "")
    for group, (topic, n) in enumerate((("Bandit Problems", 12), ("Federated Learning", 10),
                                        ("", 8))):
        for i in range(n):
            k = len(rows)
            title = f"{topic} with Twist {chr(65 + i)}" if topic else f"Paper {chr(65 + i)} Alone"
            rows.append({"id": f"t{k}", "title": f"Efficient {title}" if k % 3 == 0 else title,
                         "abstract": f"We study {words[group] or f'matter{k} stuff{k}'} in case"
                                     f"{k}. {topic or f'Thing{k}'} results follow.",
                         **({"conference": "COLT" if group == 0 and i < 6 else "ALT"}
                            if topic else {}),
                         "year": 2024 if not topic or group == 0 and i < 6 else 2025,
                         "status": "Oral" if i % 2 else "Poster", "authors": [f"Author {k}"]})
    return rows


def test_what_the_papers_are_about_is_counted_by_the_topics_their_titles_name(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """"What topics are covered?", "What are the main themes of COLT 2024?", "What topics do
    they cover?" (after a listing), "the main topics of the papers on X": where the papers
    give no areas, every paper (of that venue and year, on X, of the last answer) counted by
    the topics their titles name (phrases titles share whose papers are alike), each with its
    papers' numbers in the list, then each paper where no more than a listing writes out;
    "topic 2" then lists a topic's papers among those counted.
    "Efficient", in titles of every kind, is no topic. They were
    refused or listed the papers ("The papers give no areas, so they cannot be counted by
    area")."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _topic_rows())
    fast_chat._llm = ScriptedLLM()

    def topics(question: str, conversation: Conversation | None = None) -> list[tuple[str, int]]:
        a = fast_chat.ask(question, conversation)
        lines = a.answer.splitlines()
        assert lines[1] == prompts.TALLY_BY_TOPIC, (question, lines)
        assert lines[-1].startswith("For a topic's papers among these, ask for it by its "
                                    "number"), question
        # each paper after the topics, where they are few enough to write out (all 30 are)
        end = lines.index(prompts.TOPIC_PAPERS)
        assert [line.split("**")[1] for line in lines[end + 1:-1]] == [
            p["title"] for p in a.papers], question
        out = []
        for line in lines[2:end]:
            name, count, marks, narrower = re.fullmatch(
                r"\d+\. (.+?): (\d+) papers? ((?:\[\d+\])+)(?: \u2026)?(?: \((.+)\))?",
                line).groups()
            # narrower topics, where there are: phrases holding it ("efficient federated
            # learning: 4", the fake embedder's vectors of titles with "Efficient" alike)
            assert all(re.fullmatch(rf".*\b{name}\b.*: \d+", part)
                       for part in (narrower or "").split(", ") if part), (question, line)
            cited = [a.papers[int(n) - 1] for n in re.findall(r"\d+", marks)]
            assert all(name in p["title"].lower() for p in cited), (question, line)
            out.append((name, int(count)))
        return out

    for question in ("What topics are covered?", "What are the main themes in this corpus?",
                     "Which topics are most popular?", "What is the corpus about?",
                     "what's in here?", "what do you have?",  # (searched: refused)
                     "List the main research areas", "what's the most popular topic?"):
        a = fast_chat.ask(question)
        assert a.count == 30 and a.answer.splitlines()[0] == "The index holds 30 papers:", question
        assert topics(question) == [("bandit problems", 12), ("federated learning", 10)], question
    assert topics("What are the main themes of ALT 2025?") == topics(
        "What are the main topics in 2025?") == topics(
        "Give me an overview of ALT 2025") == topics(  # was a search for "overview"
        "what are the main research directions in ALT 2025?") == [  # ... for "directions"
        ("federated learning", 10), ("bandit problems", 6)]
    a = fast_chat.ask("What are the main themes of COLT 2024?")  # too few to count: listed
    assert a.count == 6 and a.answer.splitlines()[1].startswith("1. **Efficient Bandit")
    assert topics("Which topics are popular among the orals?") == [
        ("bandit problems", 6), ("federated learning", 5)]
    conv = Conversation()
    fast_chat.ask("Which papers are from ALT?", conv)
    assert topics("What topics do they cover?", conv) == [
        ("federated learning", 10), ("bandit problems", 6)]
    for question in ("what are the common themes in her work?", "what topics does he work on?",
                     "what are the main subtopics?"):  # (it counted every paper)
        assert topics(question, Conversation(conv.turns[:1])) == [
            ("federated learning", 10), ("bandit problems", 6)], question
    # a topic by its number: its papers among those counted, however many turns later
    for question, group in (("topic 2", "Bandit"), ("Show me the papers on the first topic",
                                                    "Federated"), ("the last topic", "Bandit")):
        a = fast_chat.ask(question, conv)
        assert a.count == (6 if group == "Bandit" else 10), question
        assert all(group in p["title"] and p["venue"] == "ALT" for p in a.papers), question
    a = fast_chat.ask("topic 3", conv)
    assert a.answer == prompts.render(prompts.NO_SUCH_TOPIC, count=2, n=3) and not a.papers
    conv = Conversation()  # right after the topics, "the first one" is a topic (it picked
    fast_chat.ask("Which papers are from ALT?", conv)  # the first paper)
    fast_chat.ask("What topics do they cover?", conv)
    a = fast_chat.ask("show me the first one", conv)
    assert a.count == 10 and all("Federated" in p["title"] for p in a.papers), a.answer
    # within a topic, not that topic: too few papers share another, so they are listed
    a = fast_chat.ask("What are the main topics of the papers on bandit problems?")
    assert a.count == 12 and a.answer.splitlines()[1] == prompts.TOPICS_NONE
    plan = fast_chat.answerer().plan("What topics are covered?", None, None)
    assert (plan.tally, plan.everything) == ("topic", True)
    # growing: the topics whose share of the last year's papers grew over the years before
    for question in ("What are the trending topics?", "What's trending?",
                     "Which topics grew the most in 2025?", "What is on the rise lately?",
                     "What is trending in 2025 compared to 2024?",  # was refused; as was
                     "what are the most popular topics in 2025 compared to 2024?"):  # (no
        # trend word: "2025 compared to 2024" were topic words)
        lines = fast_chat.ask(question).answer.splitlines()
        assert lines[1] == prompts.render(prompts.TALLY_BY_TREND, late=2025, early="2024"), (
            question, lines)
        assert re.fullmatch(r"1\. federated learning: 10 of the 16 papers of 2025 \(62\.5 %\), "
                            r"0 of the 14 from 2024 \(0\.0 %\) (?:\[\d+\]){8} \u2026", lines[2]), (
            question, lines)
        assert not any(line.startswith("2. bandit") for line in lines), question
    conv = Conversation()  # "how has this changed?" after a list: its topics by growth (it
    fast_chat.ask("Which papers are from COLT or ALT?", conv)  # searched "changed")
    fast_chat.ask("which are from 2025?", conv)  # (of the list a narrowing to a year narrowed)
    for question in ("how has this changed since 2024?", "how did it evolve over time?"):
        lines = fast_chat.ask(question, Conversation(list(conv.turns))).answer.splitlines()
        assert lines[1] == prompts.render(prompts.TALLY_BY_TREND, late=2025, early="2024"), (
            question, lines)
    lines = fast_chat.ask("What is trending among the ALT papers?").answer.splitlines()
    assert lines[1] == prompts.render(prompts.TRENDS_NONE,
                                      why="the papers give one year only (2025)")
    assert lines[2] == prompts.TALLY_BY_TOPIC
    fast_chat.answerer().settings.llm.listing_lines = 20  # more than a listing writes: topics
    a = fast_chat.ask("What topics are covered?")
    assert a.count == 30 and prompts.TOPIC_PAPERS not in a.answer.splitlines()
    assert len(a.answer.splitlines()) == 2 + 2 + 1


def test_areas_with_sub_areas_are_counted_by_area_each_with_its_sub_areas(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """Where areas have sub-areas ("Deep Learning · Theory", as search-result pages give
    them), "What topics are covered?" counts the papers by area, each area's sub-areas after
    it, and says how many papers give no area (they were counted by sub-area, one or two papers
    a line, and the papers without one went unmentioned)."""
    areas = ["Deep Learning \u00b7 Theory", "Deep Learning \u00b7 Theory",
             "Deep Learning \u00b7 Large Language Models", "Optimization \u00b7 Non-Convex", "", ""]
    rows = [{"id": f"a{i}", "title": f"Paper {i}", "abstract": f"We study thing{i} here.",
             "primary_area": area} for i, area in enumerate(areas)]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("What topics are covered?")
    lines = a.answer.splitlines()
    assert lines[0] == "The index holds 6 papers:"
    assert re.fullmatch(r"1\. Deep Learning: 3 papers \[\d\]\[\d\]\[\d\] \(Theory: 2, Large "
                        r"Language Models: 1\)", lines[2]), lines
    assert re.fullmatch(r"2\. Optimization: 1 paper \[\d\] \(Non-Convex: 1\)", lines[3]), lines
    assert lines[4:] == ["2 of the 6 papers give no areas."]
    marked = [a.papers[int(n) - 1]["paper_id"] for n in re.findall(r"\[(\d)\]", lines[2])]
    assert sorted(marked) == ["a0", "a1", "a2"]


@pytest.mark.timeout(60)
def test_a_long_question_is_cut_in_prompts_and_one_too_long_is_refused_with_its_length(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """A question of thousands of words is read in about a second (its search took 5 minutes:
    :func:`rag.textnorm.fts_concepts` tried every run of its words against each synonym) and
    quoted in each prompt cut to ``llm.question_tokens`` (it overflowed the model's context:
    "Requested tokens (2271) exceed context window of 2048", a crash); one over
    MAX_QUESTION_CHARS is refused with a one-line error saying so, before any search."""
    from rag.answer import MAX_QUESTION_CHARS
    from rag.errors import QuestionError

    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    llm = ScriptedLLM()
    fast_chat._llm = llm
    long = "Which papers study bandit problems " + "in the setting where bounds follow " * 300
    a = fast_chat.ask(long)
    assert a.count >= 1 and llm.calls
    for call in llm.calls:
        user = call["messages"][-1]["content"]  # type: ignore[index]
        asked = user.split("Question: ", 1)[1].split("\n\n", 1)[0]
        assert llm.count_tokens(asked) <= fast_chat.settings.llm.question_tokens + 1
        assert asked.endswith("\u2026") and long.startswith(asked[:-1])
    with pytest.raises(QuestionError, match=r"^the question is 20,001 characters long, more "
                                            r"than 20,000"):
        fast_chat.ask("x" * (MAX_QUESTION_CHARS + 1))


def test_trends_within_chance_are_shown_as_the_largest_rises_saying_so(
        fast_chat: PaperChat, tmp_path: Path) -> None:
    """Where a topic's share rose but no more than shuffling the papers' years gives
    (federated learning 6 of the 16 papers of 2025, 4 of the 14 of 2024), "What are the
    trending topics?" says that nothing grew beyond chance and shows the largest rises under
    that line (they were shown as trends)."""
    rows = _topic_rows()
    for n, row in enumerate(rows):  # bandits as before; federated learning 4 then 6
        row["year"] = (2024 if n < 6 else 2025 if n < 12 else 2024 if n < 16 else 2025
                       if n < 22 else 2024 if n % 2 else 2025)
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    lines = fast_chat.ask("What are the trending topics?").answer.splitlines()
    assert lines[1] == prompts.render(prompts.TRENDS_WITHIN_CHANCE, early="2024", late="2025")
    assert re.fullmatch(r"1\. federated learning: 6 of the 16 papers of 2025 \(37\.5 %\), 4 of "
                        r"the 14 from 2024 \(28\.6 %\) (?:\[\d+\]){6}", lines[2]), lines
    assert not any(line.startswith("2. bandit") for line in lines)


def test_trends_where_no_topic_can_be_seen_growing_say_why(fast_chat: PaperChat,
                                                          tmp_path: Path) -> None:
    """"What are the trending topics?" where no topic's share grew says so, and where the
    papers give no years (or one), says that, before counting them as "what topics are
    covered?" does (the demo corpus answered with its areas, saying nothing of growth)."""
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", _venue_rows())
    fast_chat._llm = ScriptedLLM()
    lines = fast_chat.ask("What are the trending topics?").answer.splitlines()
    assert lines[:2] == ["The index holds 6 papers:", prompts.render(
        prompts.TRENDS_FLAT, early="2024", late="2025")], lines
    assert lines[2].startswith("1. **On ")  # too few to count by topic: listed
    rows = [{"id": f"a{i}", "title": f"Paper {i}", "abstract": f"We study thing{i} here.",
             "primary_area": "Deep Learning \u00b7 Theory"} for i in range(3)]
    _ingest_rows(fast_chat, tmp_path / "more.jsonl", rows)
    lines = fast_chat.ask("What is trending among the papers on thing1?").answer.splitlines()
    assert lines[1] == prompts.render(prompts.TRENDS_NONE, why="the papers give no years")


def test_a_question_in_another_language_is_refused_saying_questions_are_read_in_english(
        chat: PaperChat) -> None:
    """A question whose words are mostly neither English (the embedder's vocabulary) nor any
    paper's is refused with a line saying questions are read in English (it was refused as
    matching nothing); an English one the papers do not cover, or one with a typo, is not
    told so (one mostly of misspelled words is)."""
    for question in ("Welche Arbeiten untersuchen Diffusionsmodelle?",
                     "\u00bfQu\u00e9 art\u00edculos tratan sobre optimizaci\u00f3n binivel?"):
        a = chat.ask(question)
        assert a.refused and a.answer.endswith(prompts.FOREIGN), (question, a.answer)
    for question in ("Which papers study quantum gravity?", "Which papres study quantum "
                     "gravity?"):
        a = chat.ask(question)
        assert a.refused and prompts.FOREIGN not in a.answer, (question, a.answer)


def test_a_presentation_session_is_read_from_the_question_or_a_filter(
        fast_chat: PaperChat, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A session named by number or day ("in poster session 2", "presented on Tuesday
    morning") keeps the papers presented there, and the first line says where; a session the
    catalog does not hold is said to be none of its sessions, which are named; "which poster
    session is X in?" answers from the paper's record. The UI's, CLI's and API's session filter
    takes a session as stored or as a question names it."""
    from typer.testing import CliRunner

    from rag.errors import QuestionError

    first = "Poster Session 1: Tuesday, Dec 12, 08:45 CT"
    second = "Poster Session 2: Tuesday, Dec 12, 15:15 CT"
    titles = ["Regret of Thompson sampling", "Contextual bandit exploration",
              "Dueling bandit feedback", "Bandit problems with delays", "Graph neural networks"]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", [
        {"id": f"b{i}", "title": title, "abstract": f"We study bandit problems in setting {i}. "
         "Regret bounds follow.", "session": first if i < 2 else second if i < 4 else ""}
        for i, title in enumerate(titles)])
    fast_chat._llm = ScriptedLLM()
    assert _listed(fast_chat, "Which papers study bandit problems?") == [
        "b0", "b1", "b2", "b3", "b4"]
    a = fast_chat.ask("Which papers on bandit problems are in poster session 2?")
    assert sorted(p["paper_id"] for p in a.papers) == ["b2", "b3"]
    assert "in Poster Session 2 (Tuesday, Dec 12, 15:15 CT)" in a.answer.splitlines()[0], a.answer
    assert _listed(fast_chat, "Which bandit papers are presented on Tuesday morning?") == [
        "b0", "b1"]
    a = fast_chat.ask("Which papers on bandit problems are in session 7?")
    assert not a.papers
    assert ("No indexed paper is presented in Session 7; the sessions are Poster Session 1 "
            "(Tuesday, Dec 12, 08:45 CT) and Poster Session 2 (Tuesday, Dec 12, 15:15 CT).") in (
        a.answer), a.answer
    a = fast_chat.ask("Which papers on bandit problems are presented on Monday?")
    assert not a.papers and "No indexed paper is presented on Monday; the sessions are" in (
        a.answer), a.answer
    a = fast_chat.ask("Which poster session is Dueling bandit feedback in?")
    assert [p["paper_id"] for p in a.papers] == ["b2"]
    assert "presented in Poster Session 2 (Tuesday, Dec 12, 15:15 CT)" in a.answer, a.answer
    conv = Conversation()  # "that session": the one the last answer's paper is in ("what
    fast_chat.ask("Which poster session is Dueling bandit feedback in?", conv)  # else": but it)
    a = fast_chat.ask("What else is in that session on regret?", conv)  # (it was refused:
    assert [p["paper_id"] for p in a.papers] == ["b3"], a.answer  # "else session")
    conv = Conversation()  # the session of the last answer on one paper, also after a list
    fast_chat.ask("Which poster session is Dueling bandit feedback in?", conv)  # of more
    fast_chat.ask("Which papers study bandit problems?", conv)
    a = fast_chat.ask("which papers in that session study regret?", conv)
    assert [p["paper_id"] for p in a.papers] == ["b2", "b3"], a.answer
    assert a.answer.splitlines()[0].startswith("2 papers in Poster Session 2"), a.answer
    for question in ("what else is in poster session 1 about bandits?",
                     "what else is presented in poster session 1 on bandits?"):  # ("else
        assert _listed(fast_chat, question) == ["b0", "b1"], question  # presented" searched)
    a = fast_chat.ask("Which poster session is Graph neural networks in?")
    assert "The catalog gives no presentation session for \u201cGraph neural networks\u201d" in (
        a.answer), a.answer
    assert _listed(fast_chat, "Which bandit papers are in the second poster session?") == [
        "b2", "b3"]
    assert _listed(fast_chat, "Which bandit papers are in the last session?") == ["b2", "b3"]
    conv = Conversation()  # a follow-up naming another session
    fast_chat.ask("Which papers on bandit problems are in poster session 2?", conv)
    for follow_up, ids in [("What about session 1?", ["b0", "b1"]),
                           ("and the last session?", ["b2", "b3"]),
                           ("How about Tuesday morning?", ["b0", "b1"]),
                           ("what about the afternoon?", ["b2", "b3"])]:
        a = fast_chat.ask(follow_up, conv)
        assert sorted(p["paper_id"] for p in a.papers) == ids, (follow_up, a.answer)
    a = fast_chat.ask("what about Monday?", conv)
    assert not a.papers and "No indexed paper is presented on Monday" in a.answer, a.answer
    a = fast_chat.ask("Which papers on bandit problems are presented on Dec 15?")
    assert not a.papers and "No indexed paper is presented on Dec 15; the sessions are" in (
        a.answer), a.answer
    assert _listed(fast_chat, "Which bandit papers are in the afternoon sessions?") == [
        "b2", "b3"]
    # counted by session or day: the papers on the topic; of the last list
    a = fast_chat.ask("Which session has the most papers on bandit problems?")
    lines = [re.sub(r" (?:\[\d+\])+$", "", line) for line in a.answer.splitlines()]
    assert lines[1:5] == [prompts.render(prompts.TALLY_HEADER, by="session"),
                          f"1. {first}: 2 papers", f"2. {second}: 2 papers",
                          "1 of the 5 papers gives no sessions."], a.answer
    a = fast_chat.ask("How many papers on bandit problems are there per day?")
    assert a.answer.splitlines()[2].startswith("1. Tuesday: 4 papers ["), a.answer
    assert a.answer.splitlines()[3] == "1 of the 5 papers gives no day of presentation.", a.answer
    a = fast_chat.ask("How many papers are in each poster session?")  # every paper
    assert [re.sub(r" \[.*", "", line) for line in a.answer.splitlines()[2:4]] == [
        f"1. {first}: 2 papers", f"2. {second}: 2 papers"], a.answer
    conv = Conversation()
    fast_chat.ask("Which papers on bandit problems are in poster session 2?", conv)
    a = fast_chat.ask("which sessions are they in?", conv)
    assert a.answer.splitlines()[2] == f"1. {second}: 2 papers [1][2]", a.answer
    conv = Conversation()  # narrowing the last list by a session: its first line says so
    fast_chat.ask("Which papers study bandit problems?", conv)
    a = fast_chat.ask("Which of them are on Tuesday afternoon?", conv)
    assert sorted(p["paper_id"] for p in a.papers) == ["b2", "b3"]
    assert a.answer.splitlines()[0] == ("The previous answer's 5 papers include 2 papers in "
                                        "Poster Session 2 (Tuesday, Dec 12, 15:15 CT):"), a.answer
    a = fast_chat.ask("which of them are in poster session 1?", conv)
    assert a.refused and a.answer == ("The previous answer's 2 papers include no papers in "
                                      "Poster Session 1 (Tuesday, Dec 12, 08:45 CT)."), a.answer
    # the session as a filter (UI, CLI, API): by number or day, as stored, or refused with the
    # sessions there are
    for session in ("1", "Tuesday morning", first, "poster session 1"):
        a = fast_chat.ask("Which papers study bandit problems?", filters=Filters(session=session))
        assert sorted(p["paper_id"] for p in a.papers) == ["b0", "b1"], session
        assert "in Poster Session 1 (Tuesday, Dec 12, 08:45 CT)" in a.answer.splitlines()[0], (
            a.answer)
    hits = fast_chat.search("bandit", 10, Filters(session="1 or 2")).hits
    assert sorted(h.paper.paper_id for h in hits) == ["b0", "b1", "b2", "b3"]
    with pytest.raises(QuestionError, match="^no presentation session matches \u201cFriday\u201d; "
                       f"the sessions are: {first}; {second}$"):
        fast_chat.ask("Which papers study bandit problems?", filters=Filters(session="Friday"))
    from rag import cli

    runner = CliRunner()
    monkeypatch.setattr(cli, "_open", lambda *args, **kwargs: fast_chat)
    result = runner.invoke(cli.app, ["search", "bandit", "--session", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert sorted(h["paper_id"] for h in json.loads(result.stdout)) == ["b2", "b3"]
    result = runner.invoke(cli.app, ["search", "bandit", "--session", "2"])
    assert "Poster Session 2: Tuesday, Dec 12, 15:15 CT" in result.stdout  # each paper's
    result = runner.invoke(cli.app, ["ask", "Which papers study bandits?", "--session", "Friday"])
    assert result.exit_code == 2 and "error: no presentation session matches" in result.stderr


def test_the_authors_with_papers_at_both_of_two_venues_are_counted(fast_chat: PaperChat,
                                                                   tmp_path: Path) -> None:
    """"Which authors published at both COLT and ALT?" counts, of the papers at either, by
    the authors with papers at both alone (it listed every COLT or ALT paper, or read "ALT"
    as a word to find); a venue the catalog does not hold is said so; none shared, said so."""
    rows = _venue_rows()
    for row, authors in zip(rows, (["Ann Lee", "Bo Chen"], ["Bo Chen"], ["Ann Lee", "Cy Dunn"],
                                   ["Bo Chen"], ["Di Evans"], ["Cy Dunn", "Ed Fox"]),
                            strict=True):
        row["authors"] = authors  # COLT: p0, p1 (2025), p3, p4; ALT: p2, p5
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    for question in ("Which authors published at both COLT and ALT?",
                     "who has papers in both COLT and ALT?",
                     "authors with papers at both COLT and ALT"):
        a = fast_chat.ask(question)
        lines = a.answer.splitlines()
        assert lines[0] == prompts.render(prompts.AT_BOTH_HEADER, authors="1 author", have="has",
                                          sides="COLT and ALT", count="2"), (question, a.answer)
        assert sorted(p["paper_id"] for p in a.papers) == ["p0", "p2"], question
        assert lines[2].startswith("1. Ann Lee: 2 papers") and len(lines) == 3, a.answer
    a = fast_chat.ask("who published at both COLT 2024 and COLT 2025?")
    assert a.answer.splitlines()[0].startswith(  # (COLT's of 2025: not Ann Lee's ALT paper)
        "1 author has papers at both COLT 2024 and 2025; their 3 papers"), a.answer
    assert "Bo Chen: 3 papers" in a.answer, a.answer
    a = fast_chat.ask("Which authors published at both COLT and ALT?", None, Filters(year=2025))
    assert a.answer == prompts.render(prompts.AT_BOTH_NONE, sides="COLT and ALT"), a.answer  # (the
    # sidebar's year on each side: Ann Lee's COLT paper is of 2024)
    a = fast_chat.ask("who published at both COLT and ICML?")  # (the catalog's venues)
    assert a.refused and "The index holds no ICML papers" in a.answer, a.answer
    a = fast_chat.ask("who published at both COLT 2025 and ALT?")  # (Bo Chen: COLT alone)
    assert a.answer == prompts.render(prompts.AT_BOTH_NONE, sides="COLT 2025 and ALT"), a.answer


def test_a_yes_or_no_on_a_papers_year_venue_or_status() -> None:
    """What "Yes" or "No" a question on one paper gets (:func:`rag.answer._checked`): its year,
    its venue however written ("NIPS", "icml"), a time of year no venue, its status and where
    (the review's: "icml 2023" was no venue, "NIPS" no NeurIPS, a spotlight anywhere a yes)."""
    paper = Paper(paper_id="x", label="x", abstract="a", venue="NeurIPS", year=2023,
                  status="Spotlight")
    for fact, check, said in (("when", "2023", "Yes"), ("when", "NIPS 2023", "Yes"),
                              ("when", "icml 2023", "No"), ("when", "May 2023", "Yes"),
                              ("when", "NeurIPS 2024", "No"), ("status", "spotlight", "Yes"),
                              ("status", "oral", "No"), ("status", "spotlight at COLT", "No"),
                              ("status", "spotlight at NeurIPS 2023", "Yes"), ("when", "", "")):
        assert _checked(fact, paper, check) == said, (fact, check)
    assert _checked("when", Paper(paper_id="y", label="y", abstract="a"), "2023") == ""


def test_a_summary_writes_no_sentence_twice(fast_chat: PaperChat, tmp_path: Path) -> None:
    """Two papers with one abstract under two titles (NeurIPS 2023 lists "Zeroth-Order
    Methods for Nonsmooth, ..." and "... for Nondifferentiable, ..."): a summary or a listing
    writes the second by its next closest sentence (it wrote the same sentence twice)."""
    abstract = ("We study bandit problems with delays. Our bandit algorithm is optimal. "
                "Experiments confirm the bounds.")
    rows = [{"id": "a", "title": "Delayed bandits", "abstract": abstract},
            {"id": "b", "title": "Bandits with delays", "abstract": abstract},
            {"id": "c", "title": "Kernels", "abstract": "We study kernels."}]
    _ingest_rows(fast_chat, tmp_path / "papers.jsonl", rows)
    fast_chat._llm = ScriptedLLM()
    a = fast_chat.ask("Summarize the papers on bandit problems")
    assert sorted(p["paper_id"] for p in a.papers) == ["a", "b"], a.answer
    lines = [re.sub(r"\s*\[\d+\]\.?$", "", line) for line in a.answer.splitlines()
             if re.search(r"\[\d+\]\.?$", line)]
    assert len(lines) == 2 and len(set(lines)) == 2, a.answer
    assert all(line.rstrip(".") in abstract for line in lines), a.answer
    a = fast_chat.ask("Which papers study bandit problems?")  # a listing likewise
    lines = [re.sub(r"^.*?\*\*: |\s*\[\d+\]\.?$", "", line) for line in a.answer.splitlines()[1:]]
    assert len(lines) == 2 and len(set(lines)) == 2, a.answer
