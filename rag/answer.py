"""Answering questions from the abstracts, as a stream of events.

Order of events: :class:`PapersEvent` (retrieval done, before any generation), then
:class:`TokenEvent` s (answer text), then :class:`DoneEvent` with the validated answer.

Citations cannot lie: source numbers are assigned by the pipeline, generation is constrained by a
grammar that can only produce valid numbers (or, one paper at a time, no numbers at all: the
pipeline appends the paper's own), and every marker is validated again afterwards. Text that
fails validation (invented numbers, degenerate repetition, words not found in the source) is
replaced by the abstract's most relevant sentence.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from itertools import chain
from typing import Any, cast

import numpy as np
from pydantic import BaseModel, Field

from rag import prompts
from rag.citations import (
    citation_grammar,
    detex,
    grounding,
    invents_facts,
    is_degenerate,
    neutralize,
    sentence_grammar,
    validate,
)
from rag.errors import QuestionError
from rag.institutions import ALL_OF, fold, institutions_of, institutions_said, name_parts, name_pattern
from rag.questions import (
    _VENUE_ALIASES,
    AREA_PARTS,
    CODE_LINKED,
    DATA_INTRODUCED,
    PICKED_FROM,
    WHO,
    Conversation,
    Kind,
    Plan,
    QuestionReader,
    Turn,
    and_list,
    area_of,
    author_names,
    by_any,
    exported,
    held_papers,
    introduces_data,
    named_aspect,
    plain,
    scope_label,
    scope_named,
    session_named,
    session_where,
    shown_topic,
    status_noun,
    title_names,
)
from rag.retrieval import Filters, Retriever, best_sentence, split_sentences
from rag.settings import Settings
from rag.textnorm import is_term, query_terms, sentence_order, sentence_scores, terms_beyond
from rag.themes import TopicIndex, Trend
from rag.types import Paper, SearchHit
from store.lexical import DAYS, PaperIndex

__all__ = ["Answer", "Answerer", "Citation", "Conversation", "DoneEvent", "Event", "PapersEvent",
           "TokenEvent"]


# The relevance cut of listings (Answerer._is_relevant). A paper naming query terms worth this
# share of their idf names "almost all" of them: it misses only words that are common in the
# corpus ("network" in "network pruning", "problems" in "bandit problems").
MOSTLY_ALL_TERMS = 0.75
# Such a paper, or one naming the terms of the question's topic only apart, is listed if its best
# cosine is at least retrieval.min_similarity minus this: its meaning is not far off.
NOT_FAR_OFF = 0.1
# A question's rarest term, named in the title, counts as almost all terms where at most this
# share of the papers name it (PaperIndex.rare_title_matches): "long-tailed" (20 of 3,584
# NeurIPS papers) for "long-tailed recognition", not "spike" for "spiking neural networks" (32)
# nor "sign" for "sign language" (35).
RARE_TERM = 0.006
# ... of a topic in two parts ("X for Y"), the share of each part's terms (by idf) a paper not
# naming all of it must name
PART_NAMED = 0.5
# A tally ("the most prolific authors on X") writes out at most this many authors (institutions,
# venues), or the listing's lines (llm.listing_lines) where fewer; every year.
TALLY_LINES = 10
# Fewer papers than this are listed, not counted by the topics their titles name ("what topics
# does Ann Lee work on?": her papers)
FEW_FOR_TOPICS = 10
# A question about every paper ("what topics are covered?") shows the evidence sentence of the
# first this many (the sources panel writes out that many abstracts; picking a sentence takes
# about 0.1 ms a paper, 0.75 s for 7,486)
EVIDENCE_OF_ALL = 50
# "tell me more about the second one": of at most this many papers picked, each paper's
# sentences after the one answering, at most this many more (the first one alone had added
# nothing to the listing's line)
PICKED_FEW = 3
PICKED_MORE = 2
# The longest question taken (reading one takes time quadratic in its length in the worst
# case: 2 s at 3,000 lowercase words of about this length)
MAX_QUESTION_CHARS = 20_000
# A listing starts from at least this many search results (then adds the papers naming almost
# all terms beyond them); a smaller k asked for is raised to it.
LISTING_DEPTH = 50

# a question about one paper: "the paper X", or its title in quotes
_ONE_PAPER = re.compile(r"\b(?:the|this|that) paper\b|[\"\u201c\u2018']", re.IGNORECASE)
# the prompt's last line, or a lead-in ("The paper on SURGE:"), which tiny models write
# before their sentence
_ECHO = re.compile(r"^\s*(?:one sentence about (?:this|the) paper|(?:the )?paper(?: text| on "
                   r"[^:.]{1,80})?)\s*:\s*", re.IGNORECASE)

# a generated reason: one sentence of at most REASON_CHARS characters after its first (the
# grammar's cap), and tokens enough for that in most texts
REASON_CHARS = 240
REASON_TOKENS = 80


# ---- data ---------------------------------------------------------------------------------
class Citation(BaseModel):
    marker: str
    paper_id: str
    title: str
    label: str


class Answer(BaseModel):
    question: str
    standalone_query: str
    kind: Kind
    answer: str
    citations: list[Citation] = Field(default_factory=list)
    papers: list[dict[str, Any]] = Field(default_factory=list)
    count: int = Field(0, description="Papers judged relevant (all listed).")
    refused: bool = False
    unsupported_sentences: list[str] = Field(default_factory=list)
    invalid_citations: list[str] = Field(default_factory=list)
    fallbacks: int = Field(0, description="Generated lines replaced by extractive evidence.")
    rejected_drafts: list[str] = Field(
        default_factory=list, description="Generated text that failed validation (for eval).")
    timings: dict[str, float] = Field(default_factory=dict)


@dataclass
class PapersEvent:
    kind: Kind
    hits: list[SearchHit]
    count: int
    refused: bool
    retrieve_ms: float


@dataclass
class TokenEvent:
    text: str


@dataclass
class DoneEvent:
    answer: Answer


Event = PapersEvent | TokenEvent | DoneEvent


@dataclass
class _Tally:
    """Papers counted (:meth:`Answerer._tally`): by what ("" where they are listed instead),
    its first lines, a line for each count, its closing lines."""

    by: str = ""
    head: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    foot: list[str] = field(default_factory=list)
    topics: list[str] = field(default_factory=list)  # by topic or growth: the topics shown
    counted: list[str] = field(default_factory=list)  # by author, institution, venue, year:
    #                                                    the names shown, in their order


# ---- the answerer -------------------------------------------------------------------------
class Answerer:
    """Answers questions over a store; the LLM is created on first use by ``llm_factory``."""

    def __init__(self, retriever: Retriever, index: PaperIndex, llm_factory: Callable[[], Any],
                 settings: Settings, *, words: frozenset[str] = frozenset()) -> None:
        """``words``: words of the language, never read as misspellings however rare in the
        corpus ("bread" is no "broad"; the embedder's vocabulary,
        :meth:`QuestionReader.respelled`)."""
        self.retriever = retriever
        self.index = index
        self.llm_factory = llm_factory
        self.settings = settings
        self.reader = QuestionReader(retriever, index, words=words)
        self.trace: list[list[dict[str, str]]] = []  # every prompt sent, for benchmarks/debugging

    def plan(self, question: str, conversation: Conversation | None,
             filters: Filters | None) -> Plan:
        """What to search and how to answer (:meth:`QuestionReader.plan`)."""
        return self.reader.plan(question, conversation, filters)

    # -- retrieval --------------------------------------------------------------------------
    def relevant(self, plan: Plan, k: int | None = None) -> list[SearchHit]:
        """Every paper above the relevance cut, best first (not a fixed top-k; newest first or
        by title where asked), within the plan's author filters (the author, their place, the
        count of authors, co-authors, authors left out), less those naming a topic the
        question leaves out (:attr:`Plan.without`; each of "X, Y or Z"), as a listing's topic
        is named: every word, together where it is a phrase; of those, the papers with the
        most or fewest authors where asked (:attr:`Plan.author_extreme`)."""
        hits = self._relevant(plan, k)
        names = author_names(plan.author)
        if plan.author:  # the filter matches substrings ("Yang Li" in "Yang Liu")
            hits = [h for h in hits if by_any(h.paper, names)]
        if plan.author_place:  # "papers where A is the first (last) author"
            at = 0 if plan.author_place == "first" else -1
            hits = [h for h in hits if h.paper.authors and h.paper.authors[at].lower() in names]
        if plan.author_count:  # "single-author papers", "papers with more than 20 authors"
            fewest, most = plan.author_count
            hits = [h for h in hits if fewest <= len(h.paper.authors) <= most]
        if plan.title_words:  # "papers with X in the title": those whose title names it
            titled = self.index.title_matches(plan.title_words)
            hits = [h for h in hits if h.paper.paper_id in titled]
        if plan.without_code:  # "papers without code", "drop the ones with code"
            hits = [h for h in hits if not CODE_LINKED.search(h.paper.abstract)]
        if plan.with_code:  # "NeRF papers with code": those whose abstract links it
            hits = [h for h in hits if CODE_LINKED.search(h.paper.abstract)]
            if not query_terms(plan.query):  # "which of them have code?": each by its
                for h in hits:  # sentence linking it (not its first)
                    h.evidence = next((s for s in split_sentences(h.paper.abstract)
                                       if CODE_LINKED.search(s)), h.evidence)
        if plan.new_data:  # "new benchmarks for LLM reasoning": those introducing one, each
            hits = [h for h in hits if introduces_data(h.paper)]  # by its sentence doing so
            for h in hits:  # (where its title does, the sentence closest to the question)
                h.evidence = next((s for s in split_sentences(h.paper.abstract)
                                   if DATA_INTRODUCED.search(s)), h.evidence)
        if plan.coauthors:  # "papers by A and B": those B wrote too (of B's names, one)
            each = [author_names(c) for c in plan.coauthors]
            hits = [h for h in hits if all(by_any(h.paper, names) for names in each)]
        for left_out in plan.without_authors:  # "papers by A but not with B"
            gone = author_names(left_out)
            hits = [h for h in hits if not by_any(h.paper, gone)]
        hits = [h for h in hits if h.paper.paper_id not in plan.skip]
        found = len(hits)
        if plan.exclude is not None:  # "remove the posters": those the filter matches
            out = set(self.index.filter_ids(**vars(plan.exclude)) or [])
            hits = [h for h in hits if h.paper.paper_id not in out]
        for topic in re.split(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|nor)\s+",
                              "" if plan.exclude is not None else plan.without):
            if hits and query_terms(topic):  # "except X, Y or Z": each
                cov = self.index.coverage(topic)
                phrase = self.index.phrase_matches(topic)
                hits = [h for h in hits if not _names_topic(
                    cov.get(h.paper.paper_id, 0.0), phrase is None or h.paper.paper_id in phrase)]
        plan.left_out = found - len(hits)
        if plan.author_extreme:  # "which paper (on X) has the most authors?": of the papers
            # left, those naming the topic where any do, and naming their authors
            pool = [h for h in hits if h.names_topic is not False and h.paper.authors] or [
                h for h in hits if h.paper.authors]
            pick = max if plan.author_extreme == "most" else min
            n = pick((len(h.paper.authors) for h in pool), default=0)
            hits = [h for h in pool if len(h.paper.authors) == n]
            said = f"with the {plan.author_extreme} authors"  # with their number (and what
            counted = f"{said} ({n})" if n else said  # else it says: "linked code"; none
            plan.also_said = (plan.also_said.replace(said, counted, 1)  # where nothing is
                              if said in plan.also_said else counted)  # left: "(0)")
        if plan.aspect:  # "the limitations of X": each paper's sentence on them, where any
            for h in hits:
                h.evidence = _aspect_sentence(h.paper.abstract, plan.aspect) or h.evidence
            if _aspect_first(plan):
                hits.sort(key=lambda h: not _aspect_sentence(h.paper.abstract, plan.aspect))
                # those naming it first (of 80 on diffusion models, the 4 closest named no
                # future directions)
        if plan.newest_first and plan.kind != "summary":  # each group of the header apart;
            hits.sort(key=lambda h: (h.names_topic is False, -(h.paper.year or 0)))  # stable
        if plan.by_title:  # "sort them by title": each group of the header A to Z
            hits.sort(key=lambda h: (h.names_topic is False,
                                     (h.paper.title or h.paper.label).casefold()))
        return hits

    def _relevant(self, plan: Plan, k: int | None = None) -> list[SearchHit]:
        r = self.settings.retrieval
        if plan.like or plan.like_text:
            return self._like(plan)
        if plan.judges_nothing() or plan.only_left_out or plan.ambiguous:
            return []  # "what is the best paper?": nothing named to list
        if plan.sides:  # each side as a listing, merged: the closest of each first, in turn
            # (a listing's: those naming a side before the rest)
            found = [self.relevant(replace(  # (a filter's side: its listing of the topic,
                plan, kind="listing", query=plan.query if plan.side_filters else side,
                topic=plan.query if plan.side_filters else side,  # searched alike)
                sides=(), side_filters=(), newest_first=False,
                filters=plan.side_filters[i] if plan.side_filters else plan.filters), k)
                for i, side in enumerate(plan.sides)]
            plan.side_counts = [len(f) for f in found]
            sides_of = Counter(h.paper.paper_id for f in found for h in f)
            plan.side_shared = sum(n > 1 for n in sides_of.values())
            merged: dict[str, SearchHit] = {}
            for rank in range(max(plan.side_counts, default=0)):
                for i, f in enumerate(found):
                    if rank < len(f) and f[rank].paper.paper_id not in merged:
                        merged[f[rank].paper.paper_id] = f[rank]
                        plan.side_of[f[rank].paper.paper_id] = i
            hits = list(merged.values())
            return hits if plan.kind == "summary" else sorted(
                hits, key=lambda h: h.names_topic is False)
        terms = query_terms(plan.query)
        if plan.kind == "metadata":
            allowed = self.index.filter_ids(**vars(plan.filters))
            if allowed is None:  # "what topics are covered?": every paper
                allowed = list(self.index.fingerprints()) if plan.everything else []
            if not terms:  # "what did X work on?": all their papers
                papers = self.index.get(allowed)
                hits = [SearchHit(paper=p, score=0.0, similarity=None, evidence=best_sentence(
                    p.abstract, plan.query) if n < EVIDENCE_OF_ALL or not plan.everything
                    else "") for n, p in enumerate(papers.values())]
            else:
                hits = self.retriever.search(plan.query, k=max(len(allowed), 1),
                                             filters=plan.filters).hits
            return hits
        query = _searched(plan)  # worded alike, searched alike
        cov = self.index.coverage(query)
        phrase = self.index.phrase_matches(query)
        # what the cut counts: a title naming the rarest term as almost all terms
        cut = cov | {pid: max(cov.get(pid, 0.0), MOSTLY_ALL_TERMS)
                     for pid in self.index.rare_title_matches(query, RARE_TERM)}

        # a topic in two parts ("graph neural networks for drug discovery"): a paper not naming
        # all of it names most of each part (by idf: not graph neural networks alone)
        parts = _two_parts(plan.topic)
        each = set.intersection(*({pid for pid, c in self.index.coverage(p).items()
                                   if c >= PART_NAMED} for p in parts)) if parts else None

        def relevant(pid: str, sim: float | None) -> bool:
            together = phrase is None or pid in phrase
            if each is not None and pid not in each and not _names_topic(cut.get(pid, 0.0),
                                                                         together):
                return False
            if plan.scope is not None and _names_topic(cov.get(pid, 0.0), True):  # of a list
                return True  # already on a topic, one naming every term, if apart ("long-range and
            # multi-scale dependency" for "which ones handle long-range dependencies?")
            return self._is_relevant(cut.get(pid, 0.0), sim, together=together)

        if plan.scope is not None:
            ids = plan.scope
            if plan.filters.active():  # "which of them are from 2025?"
                wanted = set(self.index.filter_ids(**vars(plan.filters)) or [])
                ids = [pid for pid in ids if pid in wanted]
            scope = set(ids)
            sims = self.retriever.similarities(query, ids)
            papers = self.index.get(ids)
            keep = [pid for pid in ids if pid in papers
                    and (plan.whole_scope or relevant(pid, sims.get(pid)))]
            if not keep and plan.closest and (near := [p for p in ids if p in papers
                                                        and (sims.get(p) or 0.0) > 0.0]):
                keep = [max(near, key=lambda p: sims[p])]  # "which one is most relevant to
                # X?" where none is on X: the closest by meaning, said so (not on X)
            cov = {p: c for p, c in cov.items() if p in scope}
            if plan.whole_scope:
                if terms and not plan.picked:  # else in the previous answer's order, or as
                    keep.sort(key=lambda p: -(sims.get(p) or 0.0))  # picked ("the 2nd and 4th")
                return [self._hit(papers[p], query, sims.get(p), cov.get(p, 0.0))
                        for p in keep]
            keep.sort(key=lambda p: (-cov.get(p, 0.0), -(sims.get(p) or 0.0)))
            return self._named_first([self._hit(papers[p], query, sims.get(p),
                                                cov.get(p, 0.0)) for p in keep], query,
                                     cov, phrase)
        result = self.retriever.search(query, k=max(k or r.k, LISTING_DEPTH),
                                       filters=plan.filters)
        in_filter: set[str] | None = (set(self.index.filter_ids(**vars(plan.filters)) or [])
                                      if plan.filters.active() else None)
        hits = [h for h in result.hits if relevant(h.paper.paper_id, h.similarity)]
        # exhaustive: beyond the fused top, the papers naming (almost) all query terms that pass
        have = {h.paper.paper_id for h in result.hits}
        extra = [pid for pid, c in cut.items() if c >= MOSTLY_ALL_TERMS and pid not in have
                 and (in_filter is None or pid in in_filter)]
        if extra:
            sims = self.retriever.similarities(query, extra)
            extra = [p for p in extra if relevant(p, sims.get(p))]
            papers = self.index.get(extra)
            more = [self._hit(papers[p], query, sims.get(p), cov.get(p, 0.0)) for p in extra
                    if p in papers]
            more.sort(key=lambda h: -(h.similarity or 0.0))
            hits += more
        if plan.kind == "summary" and (named := _paper_named(plan.query, hits)) is not None:
            return [named]  # "what does the paper Graph Mixture of Experts propose?"
        return self._named_first(hits, query, cov, phrase)


    def _like(self, plan: Plan) -> list[SearchHit]:
        """The papers closest in meaning to the paper a question names by its title ("papers
        similar to Direct Preference Optimization"): that paper first, then the ``retrieval.k``
        papers closest to its title and abstract (neighbours have no crisp edge: among ML
        abstracts nearly every cosine is high) above ``retrieval.min_similarity``, within the
        question's filters; or the papers closest to a passage the question gives
        (:meth:`QuestionReader._passage`)."""
        r = self.settings.retrieval
        if plan.like_text:
            hits = self.retriever.search(plan.like_text, k=r.k, filters=plan.filters).hits
            return [h for h in hits if (h.similarity or 0.0) >= r.min_similarity]
        paper = self.index.get([plan.like])[plan.like]
        text = f"{paper.title or paper.label}. {paper.abstract}"
        hits = self.retriever.search(text, k=r.k + 1, filters=plan.filters).hits
        near = [h for h in hits if h.paper.paper_id != paper.paper_id
                and (h.similarity or 0.0) >= r.min_similarity][:r.k]
        return [SearchHit(paper=paper, score=1.0, similarity=1.0, evidence=best_sentence(
            paper.abstract, paper.title)), *near]

    def _named_first(self, hits: list[SearchHit], query: str, cov: dict[str, float],
                     phrase: set[str] | None) -> list[SearchHit]:
        """``hits`` in three groups, each in its own order: the papers whose title names the
        question's topic (:meth:`PaperIndex.title_matches`), then those whose abstract names it
        (every term, together where the topic is a phrase), then those listed for most of its
        terms or their meaning. A paper named for the topic is about it; one listed on its
        words apart ("adversarial" examples ... "training") often is not."""
        titled = self.index.title_matches(query)

        def group(hit: SearchHit) -> int:
            pid = hit.paper.paper_id
            if pid in titled:
                return 0
            return 1 if _names_topic(cov.get(pid, 0.0), phrase is None or pid in phrase) else 2

        groups = {id(h): group(h) for h in hits}
        for hit in hits:
            hit.names_topic = groups[id(hit)] < 2
        return sorted(hits, key=lambda h: groups[id(h)])

    def _is_relevant(self, cov: float, sim: float | None, *, together: bool) -> bool:
        """The relevance cut (``cov``: the idf-weighted share of query terms the paper names,
        ``sim``: its best cosine, ``floor``: ``retrieval.min_similarity``):

        - every query term, together where the question names its topic as a phrase
          (``together``, :meth:`PaperIndex.phrase_matches`: "continual learning", not
          "continuous control ... learning");
        - else every term named apart, or all terms but the commonest
          (:data:`MOSTLY_ALL_TERMS`: "pruning" for "network pruning"; or a title naming the
          rarest term, :data:`RARE_TERM`), and
          ``sim >= floor - NOT_FAR_OFF``;
        - else a very close meaning alone (``sim >= floor + 0.2``), or some terms and a close
          meaning traded off (``cov >= 0.3`` and ``cov + 2 * (sim - floor) >= 0.7``).

        Tuned on evals/ (seed and NeurIPS sets)."""
        s = sim if sim is not None else 0.0
        floor = self.settings.retrieval.min_similarity
        if _names_topic(cov, together):
            return True
        if cov >= MOSTLY_ALL_TERMS:
            return s >= floor - NOT_FAR_OFF
        return s >= floor + 0.2 or (cov >= 0.3 and cov + 2 * (s - floor) >= 0.7)

    @staticmethod
    def _hit(paper: Paper, query: str, sim: float | None, cov: float) -> SearchHit:
        return SearchHit(paper=paper, score=cov, similarity=sim,
                         evidence=best_sentence(paper.abstract, query))

    # -- answering --------------------------------------------------------------------------
    def ask(self, question: str, conversation: Conversation | None = None,
            filters: Filters | None = None, k: int | None = None) -> Iterator[Event]:
        t0 = time.perf_counter()
        question = question.strip()
        if len(question) > MAX_QUESTION_CHARS:
            raise QuestionError(f"the question is {len(question):,} characters long, more than "
                                f"{MAX_QUESTION_CHARS:,}: ask about a part of it, or paste one "
                                "abstract to find papers like it")
        plan = self.plan(question, conversation, filters)
        hits = self.relevant(plan, k) if not plan.reply else []
        if plan.export and hits:  # "bibtex for the oral ones": those found, exported (no
            plan = replace(plan, standalone="", reply=exported(  # turn to follow up on)
                plan.export, [h.paper for h in hits],
                f"of the last list matching \u201c{neutralize(plan.topic)}\u201d"))
            hits = []
        plan = _authors_found(plan, hits)
        retrieve_ms = (time.perf_counter() - t0) * 1000
        refused = not hits and not plan.reply
        yield PapersEvent(plan.kind, hits, len(hits), refused, retrieve_ms)
        stats: dict[str, float] = {"retrieve_ms": retrieve_ms, "prompt_tokens": 0,
                                   "completion_tokens": 0, "gen_s": 0.0, "t0": t0,
                                   "decode_s": 0.0, "decode_tokens": 0}
        answer = Answer(question=question, standalone_query=plan.standalone or plan.query, kind=plan.kind,
                        answer="", refused=refused, count=len(hits), fallbacks=0,
                        papers=[h.to_json() for h in hits])
        listed_too = False  # a tally's papers written out after it
        tally = _Tally()
        if plan.reply:
            yield TokenEvent(plan.reply)
            answer.answer = plan.reply
        elif refused:
            text = (prompts.JUDGEMENT + " " + prompts.JUDGEMENT_ASK_A_TOPIC
                    if plan.judges_nothing() else self._which_author(plan) if plan.ambiguous else
                    prompts.render(prompts.ONLY_LEFT_OUT, without=neutralize(plan.without))
                    if plan.only_left_out else
                    f"{prompts.CANNOT_ANSWER_PHRASE}: {_all_left_out(plan)}" if plan.left_out else
                    self._held_narrowed(plan, 0)
                    if plan.scope is not None and _narrows_by_filters(plan) else
                    prompts.render(prompts.NO_MATCH_IN_SELECTION_ONE, answer=_answer_of(plan),
                                   topic=_quoted(plan, question))
                    if plan.scope is not None and len(plan.scope) == 1 else
                    prompts.render(prompts.NO_MATCH_IN_SELECTION, count=f"{len(plan.scope):,}",
                                   answer=_answer_of(plan), topic=_quoted(plan, question))
                    if plan.scope is not None else f"{prompts.CANNOT_ANSWER_PHRASE}: no indexed "
                    f"paper {neutralize(_from(_among(plan)))}{neutralize(plan.also_said)}."
                    if plan.also_said and plan.also_said == plan.topic  # "papers with code":
                    # none has it (it "matched “with linked code”")
                    else f"{prompts.CANNOT_ANSWER_PHRASE}: no indexed paper by "
                    f"{neutralize(' '.join(x for x in (plan.topic, _among(plan)) if x))}."
                    if _of_an_author(replace(plan, also_said="")) and (
                        not plan.also_said or plan.skip)  # "Which 2025 papers did X write?",
                    # "what else did its first author write?" (it said none "matches “X”")
                    else f"{prompts.CANNOT_ANSWER_PHRASE}: no indexed "
                    f"paper {neutralize(_from(_among(plan)))}matches "
                    f"\u201c{_quoted(plan, question)}\u201d.")
            if plan.judged and plan.scope is not None and not plan.judges_nothing():
                text = f"{prompts.JUDGEMENT} {text}"  # "which is the most suitable?": none
                # of the list names it, and the abstracts could not rank them anyway
            outside = self._outside(plan)
            text = " ".join([*self._note_lines(plan), text, *outside,
                             *([] if outside else self._author_elsewhere(plan)),
                             *self._nearby(plan),
                             *([prompts.FOREIGN] if self.reader.foreign(question) else [])])
            yield TokenEvent(text)
            answer.answer = text
        else:
            sources = hits if plan.kind != "summary" else hits[:self._shown(plan)]
            # "the most prolific authors on X": the papers on X counted, each with its papers
            tally = self._tally(plan, hits) if plan.tally else _Tally()
            head, foot = self._frame(plan, question, hits, len(sources), tally)
            listed_too = (bool(tally.lines) and tally.by in ("topic", "trend")
                          and len(hits) <= self._shown(plan))
            for line in head:
                yield TokenEvent(line)
            synthesis = (plan.kind == "summary" and not plan.fact
                         and self._strategy() == "synthesis")
            if synthesis:
                lines = self._synthesis(question, sources, stats, answer)
            elif plan.fact:  # "who wrote X?": what the catalog gives of X (of each picked)
                lines = iter([_cite(_fact(plan.fact, hit.paper, plan.fact_check), n)
                              for n, hit in enumerate(sources, 1)])
            elif listed_too:  # few enough to write out ("what topics does Ann Lee work
                # on?"): each paper after its topics
                lines = chain(tally.lines, [prompts.TOPIC_PAPERS],
                              self._per_source(question, plan, hits, stats, answer))
            elif tally.lines:
                lines = iter(tally.lines)
            else:
                lines = self._per_source(question, plan, hits, stats, answer)
            claims: list[str] = []
            for line in lines:
                claims.append(line)
                yield TokenEvent(line)
            for line in foot:
                yield TokenEvent(line)
            # one claim per line (a listed paper, a summary's sentence) unless synthesised
            cited = validate("\n".join(claims), len(sources), by_line=not synthesis)
            answer.answer = "\n".join([*head, cited.text, *foot])
            answer.invalid_citations += cited.invalid
            answer.unsupported_sentences = cited.unsupported
            answer.citations = [Citation(marker=f"[{n}]", paper_id=sources[n - 1].paper.paper_id,
                                         title=sources[n - 1].paper.title,
                                         label=sources[n - 1].paper.label)
                                for n in sorted(cited.cited)]
        total = time.perf_counter() - t0
        gen_s = stats.pop("gen_s")
        decode_s, decode_tokens = stats.pop("decode_s"), stats.pop("decode_tokens")
        stats.pop("t0")
        answer.timings = {**{k2: round(v, 1) for k2, v in stats.items()},
                          "total_ms": round(total * 1000, 1),
                          # completion tokens over generation time, prompt evaluation included
                          "tokens_per_s": round(stats["completion_tokens"] / gen_s, 1)
                          if gen_s > 0 else 0.0,
                          # after each call's first token: decoding speed alone
                          "decode_tokens_per_s": round(decode_tokens / decode_s, 1)
                          if decode_s > 0 else 0.0}
        if conversation is not None and (not plan.reply or plan.standalone):  # "thanks": no
            # turn to follow up on ("how many papers does COLT have?" is one: "list them")
            # how far its papers are written out ("show me more" goes on from there)
            by_filters = plan.scope is not None and plan.whole_scope and _narrowed_by_filters(plan)
            shown = (0 if plan.tally and not listed_too else min(len(hits), self._shown(plan))
                     if plan.kind == "summary" else plan.offset + len(self._written_out(plan, hits)))
            conversation.turns.append(Turn(question, plan.standalone or plan.query,
                                           [h.paper.paper_id for h in hits], answer.answer,
                                           picked=plan.picked, shown=shown,
                                           topics=tally.topics, like=plan.like,
                                           counted=tally.counted, counted_by=tally.by,
                                           topic=plan.topic if plan.kind == "listing"
                                           and plan.scope is None else "",
                                           within=plan.topic if plan.kind == "listing"
                                           and plan.scope is not None and (
                                               not plan.whole_scope or by_filters) else "",
                                           by_filters=by_filters,
                                           author=plan.author or plan.of_author,
                                           titles=plan.titles,
                                           scoped=plan.scope is not None,
                                           sides=list(zip(plan.sides, plan.side_counts,
                                                          strict=False)),
                                           fact=plan.fact if plan.picked else "",
                                           fact_check=plan.fact_check if plan.picked else ""))
        yield DoneEvent(answer)

    # -- generation strategies --------------------------------------------------------------
    def _llm(self) -> Any:
        return self.llm_factory()

    def _strategy(self) -> str:
        """'per-source' for tiny models (one paper per prompt), 'synthesis' for capable ones."""
        chosen = self.settings.llm.strategy
        if chosen != "auto":
            return chosen
        size = getattr(self._llm(), "size_mb", None)
        return "per-source" if size is not None and size < 600 else "synthesis"

    def _generate(self, messages: list[dict[str, str]], grammar: str, max_tokens: int,
                  stats: dict[str, float]) -> str:
        llm = self._llm()
        self.trace.append(messages)
        start = time.perf_counter()
        stats["prompt_tokens"] += sum(llm.count_tokens(m["content"]) for m in messages)
        out: list[str] = []
        first = 0.0
        for piece in llm.stream_chat(messages, max_tokens=max_tokens,
                                     temperature=self.settings.llm.temperature, grammar=grammar):
            if not out:
                first = time.perf_counter()
                if "first_token_ms" not in stats:  # since the question arrived
                    stats["first_token_ms"] = (first - stats["t0"]) * 1000
            out.append(piece)
            stats["completion_tokens"] += 1  # llama.cpp streams one token per piece
        end = time.perf_counter()
        stats["gen_s"] += end - start
        if len(out) > 1:
            stats["decode_s"] += end - first
            stats["decode_tokens"] += len(out) - 1
        return "".join(out).strip()

    def _source_text(self, paper: Paper, question: str, max_tokens: int) -> str:
        """The question-relevant sentences of an abstract, capped at ``max_tokens``."""
        sentences = split_sentences(paper.abstract)
        chosen = sorted(sentence_order(sentences, question, paper.abstract)[:3])
        text = self._cut(" ".join(sentences[i] for i in chosen), max_tokens)
        return f"{paper.title or paper.label}: {text}"

    def _cut(self, text: str, max_tokens: int) -> str:
        """``text`` cut at a word to at most ``max_tokens`` of the LLM's tokens, "…" after."""
        llm = self._llm()
        while llm.count_tokens(text) > max_tokens and " " in text:
            text = text[:int(len(text) * 0.85)].rsplit(" ", 1)[0] + "…"
        return text

    def _reason(self, question: str, hit: SearchHit, stats: dict[str, float],
                answer: Answer) -> str:
        """One grounded sentence on how this paper bears on the question (or its evidence)."""
        source = self._source_text(hit.paper, question, self.settings.llm.source_tokens)
        messages = [{"role": "system", "content": prompts.REASON_SYSTEM},
                    {"role": "user", "content": prompts.render(prompts.REASON_USER, source=source,
                                                               question=self._cut(
                        question, self.settings.llm.question_tokens))}]
        raw = self._generate(messages, sentence_grammar(max_chars=REASON_CHARS), REASON_TOKENS,
                             stats)
        # cut off by the token limit before the grammar's full stop, or by the grammar's length
        # cap, whose full stop then lands mid-sentence ("... rather than deficiencies to be."),
        # or trailing off ("... deficiencies to be...")
        cut_off = (not raw.endswith(".") or len(raw) >= REASON_CHARS + 2
                   or raw.rstrip(".").endswith(("\u2026", " ")) or raw.endswith(".."))
        text = _ECHO.sub("", raw, count=1)
        title = (hit.paper.title or hit.paper.label).strip().rstrip(".")  # the source's head,
        text = re.sub(rf"^{re.escape(title)}\s*:\s*", "", text, flags=re.IGNORECASE)  # echoed
        text = text[:1].upper() + text[1:]
        # cut off, or the paper credited with the question's topic where its text does not
        # name it ("GeoTMI is a new approach to quantum error correction"): rejected
        if cut_off or is_degenerate(text) or _echoes(text, title) or invents_facts(
                text, source, f"{question} {hit.paper.abstract}") or (
                grounding(text, source, question) < self.settings.llm.min_grounding) or (
                terms_beyond(text, source, question)) or self._coins_a_word(
                    text, f"{source} {question} {hit.paper.abstract}"):
            answer.fallbacks += 1
            answer.rejected_drafts.append(text)
            return hit.evidence or split_sentences(hit.paper.abstract)[0]
        return text

    @cached_property
    def _word_heads(self) -> frozenset[str]:
        """The first six letters of each word of the language (the embedder's vocabulary)."""
        return frozenset(w[:6] for w in self.reader.words)

    def _coins_a_word(self, text: str, context: str) -> bool:
        """Whether ``text`` has a word of four letters or more whose first six letters begin
        no word of ``context`` (the source, the question) nor of the language (the embedder's
        vocabulary: "restricts" as "restricted"), and that no two papers write: a word a tiny
        model garbled ("Federling (FL) is ..." for the source's "Federated learning (FL) is
        ..."). False without a vocabulary (every rare word would count)."""
        if not self.reader.words:
            return False
        known = self._word_heads | {w[:6] for w in re.findall(r"[a-z]+", context.lower())}
        return any(w[:6] not in known and not self.index.word_papers(w)
                   for w in re.findall(r"[a-z]{4,}", text.lower()))

    def _shown(self, plan: Plan) -> int:
        """How many papers the answer writes out: a summary draws on ``llm.summary_sources``,
        a listing writes ``llm.listing_lines``; fewer (or a summary more) where the question
        asks for a number ("give me three papers on X")."""
        cfg = self.settings.llm
        if plan.kind == "summary":
            return plan.limit or cfg.summary_sources
        return min(plan.limit or cfg.listing_lines, cfg.listing_lines)

    def _written_out(self, plan: Plan, hits: Sequence[SearchHit]) -> list[SearchHit]:
        """The papers a listing writes out, from :attr:`Plan.offset` on ("show me more")."""
        return list(hits[plan.offset:plan.offset + self._shown(plan)])

    def _per_source(self, question: str, plan: Plan, hits: list[SearchHit],
                    stats: dict[str, float], answer: Answer) -> Iterator[str]:
        cfg = self.settings.llm
        said: set[str] = set()  # the sentences written (:func:`_unsaid`)
        if plan.kind == "summary":
            shown = hits[:self._shown(plan)]
            more = PICKED_MORE if plan.picked and not plan.aspect and len(shown) <= PICKED_FEW else 0
            for n, hit in enumerate(shown, 1):
                # "what are the limitations of X?": a paper whose abstract names none says so
                # (its closest sentence had been shown, DPO's advantages for its limitations);
                # of an aspect without cue words ("which robots do they use?": "on a Franka
                # arm" names one without the word), its closest sentence
                unnamed = plan.aspect and named_aspect(plan.aspect) and not (
                    _aspect_sentence(hit.paper.abstract, plan.aspect))
                reason = (prompts.render(prompts.ASPECT_UNNAMED, title=detex(neutralize(
                    hit.paper.title or hit.paper.label)), aspect=plan.aspect.lower())
                    if unnamed else self._reason(question, hit, stats, answer))
                reason = _unsaid(reason, hit.paper.abstract, plan.query, said)
                line = _cite(reason, n)
                side = plan.side_of.get(hit.paper.paper_id)  # "compare A and B": "A: ... [1]."
                if more and len(shown) > 1:  # several picked: which paper each line is of
                    line = f"**{detex(neutralize(hit.paper.title or hit.paper.label))}**: {line}"
                yield line if side is None else f"**{neutralize(_side_label(plan, side))}**: {line}"
                sentences = split_sentences(hit.paper.abstract) if more else []
                extra = [i for i in sentence_order(sentences, plan.query)
                         if sentences[i].strip() not in reason and reason.strip() not in
                         sentences[i]][:more]
                # in the abstract's order
                yield from (_cite(sentences[i], n) for i in sorted(extra))
            return
        usual = self.index.usual_status()
        # where the catalog holds several venues or years and the question names no one of
        # each: each paper's ("AISTATS 2025")
        when = (len(self.index.venue_names()) > 1 or len(self.index.years()) > 1) and not (
            plan.filters.venue and plan.filters.year is not None)
        asked = author_names(" or ".join(x for x in (plan.author or plan.of_author,
                                                     *plan.coauthors) if x))
        for n, hit in enumerate(self._written_out(plan, hits), plan.offset + 1):
            p = hit.paper
            who = (", ".join(p.authors) if WHO.search(question)
                   else _authors_short(p.authors, asked))
            # a status other than the catalog's usual one ("Oral" among posters), unless the
            # question asked for it
            mark = p.status if p.status not in ("", usual, plan.filters.status) else ""
            venue = _venue_year(p) if when else ""
            about = " \u00b7 ".join(neutralize(x) for x in (who, venue, mark) if x)
            name = detex(neutralize(p.title or p.label))
            if plan.titles:  # "just the titles"
                yield f"{n}. **{name}**{f' ({about})' if about else ''} [{n}]"
                continue
            reason = (self._reason(question, hit, stats, answer)
                      if n - plan.offset <= cfg.reasons_generated
                      else hit.evidence or split_sentences(p.abstract)[0])
            reason = _unsaid(reason, p.abstract, plan.query, said)
            yield f"{n}. **{name}**{f' ({about})' if about else ''}: {_cite(reason, n)}"

    def _topics(self, hits: Sequence[SearchHit], most: int,
                within: str) -> tuple[list[tuple[str, list[int]]], dict[str, str]]:
        """The topics the titles of ``hits`` name most, each with the places (from 1) of its
        papers among them, and what narrower topics each has ("linear bandits: 23, contextual
        bandits: 18"); ``within``: the topic they were found on (none of theirs)."""
        place = {h.paper.paper_id: n for n, h in enumerate(hits, 1)}
        themes = self._topic_index().themes(place, most=most, within_topic=within)
        return ([(t.name, sorted(place[pid] for pid in t.members)) for t in themes],
                {t.name: ", ".join(f"{name}: {n}" for name, n in t.narrower)
                 for t in themes if t.narrower})

    def _topic_index(self) -> TopicIndex:
        """The catalog's :class:`rag.themes.TopicIndex`, built once until the catalog
        changes."""
        def build() -> TopicIndex:
            papers = {p.paper_id: p.title for p in self.index.all_papers()}
            vectors = self.retriever.vectors.paper_vectors(list(papers))
            ids = [pid for pid in papers if pid in vectors]
            return TopicIndex(ids, [papers[pid] for pid in ids], np.stack(
                [vectors[pid] for pid in ids]) if ids else np.zeros((0, 1)))
        return cast(TopicIndex, self.index.cached("topics", build))

    def _tally(self, plan: Plan, hits: Sequence[SearchHit]) -> _Tally:
        """``hits`` counted as :attr:`Plan.tally` asks: by author, institution, venue, year,
        area; by topic (by area where the papers give areas; not where they are fewer than
        :data:`FEW_FOR_TOPICS`); by growth (else, saying why, by topic or area)."""
        by, head = plan.tally, []
        if by == "trend":
            years = {h.paper.paper_id: h.paper.year for h in hits}
            known = sorted({y for y in years.values() if y is not None})
            late = plan.trend_year if plan.trend_year in known else known[-1] if known else None
            if late is not None and known[0] < late:
                trends = self._topic_index().trends(years.keys(), years, late, most=self._most(),
                                                    within_topic=plan.topic)
                earlier = [y for y in known if y < late]
                span = (str(earlier[0]) if len(earlier) == 1
                        else f"{earlier[0]} to {earlier[-1]}")
                if trends:
                    return _Tally(by, [prompts.render(
                        prompts.TALLY_BY_TREND if trends[0].beyond_chance
                        else prompts.TRENDS_WITHIN_CHANCE, late=late, early=span)],
                                  *_trend_lines(trends, hits, late, span),
                                  [t.name for t in trends])
                head = [prompts.render(prompts.TRENDS_FLAT, late=late, early=span)]
            else:  # then counted by topic (or area)
                head = [prompts.render(prompts.TRENDS_NONE, why=(
                    f"the papers give one year only ({late})" if late is not None
                    else "the papers give no years"))]
            by = "topic"
        if by == "topic" and any(h.paper.area for h in hits):
            by = "area"  # by the areas the papers give
        if by == "topic" and len(hits) < FEW_FOR_TOPICS:
            return _Tally("", head)
        others = by == "author" and bool(plan.like)  # "who else works on this?": not the
        # paper's own authors
        besides = (_whose(plan, hits) if by == "coauthor" else frozenset(
            a.lower() for h in hits if h.paper.paper_id == plan.like for a in h.paper.authors)
            if others else frozenset())
        if plan.tally_only:  # "which authors published at both COLT and ALT?": those alone
            besides = frozenset(a.lower() for h in hits for a in h.paper.authors) - plan.tally_only
        counted, narrower = (self._topics(hits, self._most(), plan.topic) if by == "topic"
                             else (_tallied(hits, by, besides, at=plan.filters.affiliation,
                                            of=plan.author if plan.tally_own else ""),
                                   _subareas(hits) if by == "area" else {}))
        lines, foot = _tally_lines(counted, by, self._most(), hits, narrower)
        one, _, given = _TALLY_WORDS[by]
        head.append(prompts.render(prompts.NO_COAUTHORS, name=neutralize(plan.author),
                                   papers="it" if len(hits) == 1 else f"all {len(hits)}",
                                   they="it is" if len(hits) == 1 else "they are")
                    if not lines and by == "coauthor" and plan.author
                    else prompts.render(prompts.TALLY_NONE, by=one, what=given)
                    if not lines and not (by == "topic" and any(h.paper.title for h in hits))
                    else prompts.TOPICS_NONE if not lines
                    else prompts.TALLY_BY_YEAR if by == "year"
                    else prompts.TALLY_BY_TOPIC if by == "topic"
                    else prompts.render(prompts.TALLY_HEADER, by=one if not others else
                                        f"author besides {_own_authors(hits, plan.like)}"))
        names = [name for name, _ in counted][:len(lines)]
        return _Tally(by, head, lines, foot, names if by == "topic" else [],
                      names if by in PICKED_FROM else [])

    def _most(self) -> int:
        """How many lines a tally writes out (every year)."""
        return min(TALLY_LINES, self.settings.llm.listing_lines)

    def _frame(self, plan: Plan, question: str, hits: list[SearchHit], shown: int,
               tally: _Tally | None = None) -> tuple[list[str], list[str]]:
        """The answer's own lines around its claims, which cite nothing: the count first (a
        listing's always; a summary's where it compares, or draws on ``shown`` papers of more
        that a new search found), "… and N more" last where a listing writes out fewer; before
        them, where the question asks for a judgement or for citations, that the abstracts
        cannot tell."""
        head, foot = self._count_lines(plan, question, hits, shown)
        if tally is not None:  # its first lines, and closing lines where it has lines (else
            head += tally.head  # the papers are listed as usual)
            foot = tally.foot if tally.lines else foot
        cannot = (prompts.JUDGEMENT if plan.judged else prompts.CITING if plan.citing else "")
        head = [*self._note_lines(plan), *head]
        return ([f"{cannot} {prompts.JUDGEMENT_LISTED}", *head] if cannot else head), foot

    def _which_author(self, plan: Plan) -> str:
        """That many authors have the last name a question names, the three with the most
        papers first, and how to ask for one."""
        papers = self.index.author_papers()
        many = sorted(plan.ambiguous, key=lambda n: (-papers.get(n, 0), n))
        some = ", ".join(f"{neutralize(n)} ({papers.get(n, 0)} paper"
                         f"{'' if papers.get(n, 0) == 1 else 's'})" for n in many[:3])
        return prompts.render(prompts.WHICH_AUTHOR, count=f"{len(many):,}",
                              name=neutralize(plan.topic), some=some,
                              example=neutralize(many[0]))

    def _outside(self, plan: Plan) -> list[str]:
        """Where the venue or years a question asks for are none of the catalog's ("Which ICML
        papers ...", "papers from 2022"), which it holds; of each side a comparison filters
        on ("Compare ICLR and ICML papers on X"), once."""
        venues = self.index.venue_names()
        if plan.side_filters:  # the venues none of whose papers it holds named together ("A
            unheld = list(dict.fromkeys(f.venue for f in plan.side_filters if f.venue and venues
                                        and not set(name_parts(f.venue)) & venues))  # or B")
            each = [Filters(venue=" or ".join(unheld))] if unheld else []
            each += [replace(f, venue="") if f.venue in unheld else f for f in plan.side_filters]
            return list(dict.fromkeys(line for f in each for line in self._outside(
                replace(plan, side_filters=(), filters=f))))
        f, lines = plan.filters, []

        def unnamed(what: str) -> str:  # " (20 of its 29 papers give no year)"
            counts = self.index.venue_years()
            count = sum(n for (v, y), n in counts.items() if (y is None if what == "year" else not v))
            return f" ({count:,} of its {sum(counts.values()):,} papers give no {what})" if count else ""
        if f.venue and venues and not set(name_parts(f.venue)) & venues:  # "A or B": either
            lines.append(prompts.render(prompts.OTHER_VENUE, venue=neutralize(f.venue),
                                        venues=and_list(sorted(venues, key=str.lower)),
                                        unnamed=unnamed("venue")))
        years = sorted(self.index.years())
        if f.has_years() and years and not self.index.filter_ids(
                year=f.year, since=f.since, until=f.until, year_in=f.year_in):
            lines.append(prompts.render(prompts.OTHER_YEARS, years=f.years(), span=_span(years),
                                        unnamed=unnamed("year")))
        sessions = self.index.session_names() if f.session else []
        if sessions and not set(name_parts(f.session)) & set(sessions):
            lines.append(prompts.render(  # "session 9" of six
                prompts.OTHER_SESSION, session=neutralize(session_where(f.session)),
                sessions=neutralize(and_list([session_named(s) for s in sessions]))))
        if lines or not (f.venue or f.has_years() or f.status):
            return lines
        held = replace(Filters(), venue=f.venue, year=f.year, since=f.since, until=f.until,
                       year_in=f.year_in)  # the venue and years, no status
        if f.venue and f.has_years() and not self.index.filter_ids(**vars(held)):
            # "UAI 2025 papers" where the index holds UAI's and 2025's, not together
            its_years = sorted({y for (_, y) in self.index.venue_years(
                self.index.filter_ids(venue=f.venue)) if y is not None})
            lines.append(prompts.render(prompts.NOT_THAT_YEAR, venue=neutralize(f.venue),
                                        years=f.years(), span=_span(its_years)))
        elif f.status and not self.index.filter_ids(**vars(replace(held, status=f.status))):
            # "COLM 2025 orals" where its papers are all posters; "spotlight papers" where no
            # paper is a spotlight
            lines.extend(self._no_such_status(f))
        return lines

    def _author_elsewhere(self, plan: Plan) -> list[str]:
        """Where none of an author's papers is of the venue, years or status a question asks
        for (:func:`_of_an_author`, all of them: not "as first author", "without B"; where the
        index holds that venue and those years, :meth:`_outside`) and the index holds theirs:
        how many, and of which venues and years ("The index holds 3 papers by X, from AISTATS
        2023, AISTATS 2024 and COLT 2023."); else none."""
        if not _of_an_author(plan) or plan.author_place or plan.without_authors or not (
                ids := self.index.filter_ids(author=plan.filters.author)):
            return []  # (not where only some of theirs were asked for: "as first author")
        papers = self.index.get(ids).values()
        where = Counter(" ".join(x for x in (p.venue, str(p.year or "")) if x) for p in papers)
        places = sorted(w for w in where if w)
        return [prompts.render(
            prompts.AUTHOR_ELSEWHERE, papers=neutralize(held_papers(Filters(), len(ids),
                                                                    plan.topic)),
            where=("from " + neutralize(and_list(places)) if 0 < len(places) <= 6 else
                   f"from {_span(sorted({p.year for p in papers if p.year}))}"
                   if any(p.year for p in papers) else f"from {len(places)} venues" if places
                   else "none giving a venue or year"))]

    def _no_such_status(self, f: Filters) -> list[str]:
        """That no paper of the venue and years ``f`` names (all where it names none) has the
        status it asks for ("The index holds no spotlights; its 3,902 papers are orals and
        posters."), and what they are; none where none is there to say so of."""
        held = replace(Filters(), venue=f.venue, year=f.year, since=f.since, until=f.until,
                       year_in=f.year_in)
        ids = self.index.filter_ids(**vars(held))
        if ids is None:  # no venue or years named: every paper
            count = self.index.count()
            statuses = sorted(s for s, _ in self.index.facets("status") if s != "(none)")
        else:
            count = len(ids)
            statuses = sorted({p.status for p in self.index.get(ids).values() if p.status})
        return [prompts.render(
            prompts.NOT_THAT_STATUS, label=neutralize(scope_label(f)),
            papers=neutralize(re.sub(r"^1 ", "only ", held_papers(replace(f, status=""), count))),
            statuses=_statuses_said(statuses, count))] if count else []

    def _nearby(self, plan: Plan) -> list[str]:
        """Where nothing matches a topic naming words no paper writes ("mamba state space
        models", "protein folding in sourdough"), and the rest of it has papers: a line naming
        those words and how many papers match the rest; where nothing matches a topic in two
        parts (:func:`_two_parts`: "spiking neural networks for language modeling") and each
        has papers, how many match each (the question stays refused: what it asks for
        together is not there); else none."""
        if (plan.scope is not None or plan.like or plan.like_text or plan.sides or plan.ambiguous
                or plan.left_out or plan.only_left_out or plan.judges_nothing()):
            return []
        words = list(re.finditer(r"[\w'-]+", plan.topic))
        terms = [w.group(0) for w in words if is_term(w.group(0).lower())]
        df = self.index.doc_frequencies(terms)
        unwritten = {w for w in terms if df[w] == 0}
        if not unwritten and (parts := _two_parts(plan.topic)):  # none names both parts
            counts = [len(self.relevant(replace(plan, query=p, topic=p))) for p in parts]
            if not all(counts):
                return []
            return [prompts.render(
                prompts.PARTS_APART, count=counts[0], s="" if counts[0] == 1 else "s",
                es="es" if counts[0] == 1 else "", where=_where(None, _among(plan)),
                first=neutralize(parts[0]), other=counts[1], second=neutralize(parts[1]))]
        if not unwritten or len(unwritten) == len(terms):
            return []
        rest = shown_topic(" ".join(w.group(0) for w in words if w.group(0) not in unwritten))
        count = len(self.relevant(replace(plan, query=rest, topic=rest)))
        if not count:
            return []
        return [prompts.render(prompts.UNWRITTEN, words=" or ".join(
            f"\u201c{neutralize(w)}\u201d" for w in terms if w in unwritten), count=count,
            s="" if count == 1 else "s", es="es" if count == 1 else "", rest=neutralize(rest),
            where=_where(None, _among(plan)), them="it" if count == 1 else "them")]

    def _note_lines(self, plan: Plan) -> list[str]:
        """What the answer says before its count: an author's name or words read another way
        (:meth:`QuestionReader._author_named`, :meth:`plan`), and where a question asks for an
        institution's papers, how many papers give their affiliations where not all do, or that
        none does and what is listed instead."""
        lines = []
        if plan.author_typed:
            lines.append(prompts.render(prompts.AUTHOR_RESPELLED, typed=neutralize(
                plan.author_typed), name=neutralize(plan.author)))
        if plan.respelled:
            lines.append(prompts.render(prompts.RESPELLED, pairs=and_list([
                f"\u201c{neutralize(a)}\u201d as \u201c{neutralize(b)}\u201d"
                for a, b in plan.respelled]), it="it" if len(plan.respelled) == 1 else "them"))
        if plan.dated:
            today = self.reader.today()
            lines.append(prompts.render(prompts.DATED, pairs=and_list([
                f"\u201c{neutralize(a)}\u201d as {b}" for a, b in plan.dated]),
                today=f"{today.day} {today:%B %Y}"))
        f = plan.filters
        if " or " in f.status:  # "oral or spotlight papers" where none is a spotlight: the
            # orals are listed, and the answer says why no spotlight is
            held = replace(Filters(), venue=f.venue, year=f.year, since=f.since, until=f.until,
                           year_in=f.year_in)
            if self.index.filter_ids(**vars(replace(held, status=f.status))):  # else none is
                for status in f.status.split(" or "):  # (:meth:`_outside` says so)
                    if not self.index.filter_ids(**vars(replace(held, status=status))):
                        lines.extend(self._no_such_status(replace(f, status=status)))
        if plan.sides and not plan.side_filters:  # "papers on Mamba or state space models":
            unwritten = [side for side in map(shown_topic, plan.sides)  # a side no paper
                         if (terms := [w for w in re.findall(r"[\w'-]+", side)  # writes, said
                                       if is_term(w.lower())])  # so (the others' papers are
                         and not any(self.index.doc_frequencies(terms).values())]  # listed)
            if unwritten and len(unwritten) < len(plan.sides):
                lines.append(prompts.render(prompts.SIDE_UNWRITTEN, words=" or ".join(
                    f"\u201c{neutralize(side)}\u201d" for side in unwritten)))
        given, count = self.index.affiliations_given()
        if plan.filters.affiliation and given < count:
            lines.append(prompts.render(prompts.AFFILIATIONS_PARTIAL, given=f"{given:,}",
                                        count=f"{count:,}", name=neutralize(
                                            plan.filters.affiliation.replace(ALL_OF, " and "))))
        elif plan.no_affiliations:
            lines.append(prompts.render(prompts.NO_AFFILIATIONS_DROPPED
                                        if plan.institution_dropped else prompts.NO_AFFILIATIONS,
                                        name=neutralize(plan.no_affiliations)))
        return lines

    def _held_narrowed(self, plan: Plan, count: int) -> str:
        """The first line of a narrowing of the last answer's papers (``plan.scope``) by what
        the catalog gives alone ("which of them are orals?", "which have code?"), ``count`` of
        them left: "The previous answer's 37 papers include 4 spotlights:"; of one paper ("does
        it have code?" after "tell me about the first one"), whether it is among them."""
        scope = plan.scope_of or len(plan.scope or [])
        one = self.index.get(plan.scope[:1]).get(plan.scope[0]) if plan.scope and scope == 1 else None
        papers = held_papers(plan.filters, 0 if one else count, plan.author_shown or plan.author,
                             plan.also_said).removeprefix("0 ")  # "include no orals", "is
        if one:  # among the orals" (not "1 oral")
            return prompts.render(prompts.HELD_ONE if count else prompts.HELD_ONE_NONE,
                                  **_whose_list(plan), title=neutralize(one.title or one.label),
                                  papers=neutralize(papers))
        return prompts.render(prompts.HELD_NARROWED_HEADER if count else prompts.HELD_NARROWED_NONE,
                              scope=f"{scope:,}", s="" if scope == 1 else "s", **_whose_list(plan),
                              include="includes" if scope == 1 else "include",
                              papers=neutralize(papers))

    def _count_lines(self, plan: Plan, question: str, hits: list[SearchHit],
                     shown: int) -> tuple[list[str], list[str]]:
        topic = _quoted(plan, question)
        scope = None if plan.scope is None else plan.scope_of or len(plan.scope)
        among = neutralize(_among(plan))
        if plan.kind != "summary" or plan.narrowed:
            written = self._written_out(plan, hits)
            more = len(hits) - plan.offset - len(written)
            one = len(plan.tally_only) == 1
            head = (prompts.render(prompts.AT_BOTH_HEADER, have="has" if one else "have",
                                   authors=f"{len(plan.tally_only):,} author{'' if one else 's'}",
                                   sides=neutralize(plan.topic), count=f"{len(hits):,}")
                    if plan.tally_only
                    else prompts.render(prompts.REST_HEADER, count=f"{len(hits):,}",
                                        of=f"{plan.rest_of:,}", s="" if len(hits) == 1 else "s",
                                        on=_on_earlier(plan))
                    if plan.rest_of
                    else _like_header(len(hits) - 1, neutralize(detex(plan.topic)), among) if plan.like
                    else prompts.render(prompts.LIKE_TEXT_HEADER, count=len(hits), text=topic,
                                        s="" if len(hits) == 1 else "s",
                                        where=_where(None, among)) if plan.like_text
                    else prompts.render(prompts.RECOUNT_EARLIER, count=len(hits), topic=topic,
                                        s="" if len(hits) == 1 else "s") if plan.recount
                    and plan.earlier
                    else prompts.render(prompts.RECOUNT_HEADER, count=len(hits),
                                        s="" if len(hits) == 1 else "s") if plan.recount
                    else prompts.render(prompts.PICKED_TITLES, count=len(hits),
                                        s="" if len(hits) == 1 else "s")
                    if plan.picked and plan.titles and plan.whole_scope
                    else prompts.render(prompts.MORE_HEADER, count=len(hits), topic=topic,
                                        papers=_places(plan.offset + 1, plan.offset + len(
                                            written))) if plan.offset
                    else prompts.render(prompts.EVERYTHING_HEADER, count=f"{len(hits):,}")
                    if plan.everything and not plan.filters.active() and not plan.also_said
                    else prompts.render(prompts.HELD_HEADER, papers=neutralize(held_papers(
                        plan.filters, len(hits), plan.author_shown or plan.author,
                        plan.also_said)) + (", newest first" if plan.newest_first else ""))
                    if plan.kind == "metadata" and scope is None and not query_terms(plan.query)
                    else self._held_narrowed(plan, len(hits))
                    if scope is not None and _narrows_by_filters(plan)
                    else _listing_header(hits, topic, scope, among, plan.newest_first,
                                         by_title=plan.by_title, closest=plan.closest,
                                         answer=_answer_of(plan)))
            if plan.kind == "summary":  # "summarize the 2024 ones": the narrowing, and how
                head = head.rstrip(":")  # many of its papers are summarized
                return [prompts.render(prompts.SUMMARY_OF_NARROWED, head=head, shown=shown,
                                       count=len(hits)) if len(hits) > shown else f"{head}:"], []
            share = []
            if plan.share and plan.scope is None and plan.share_base is not None:
                # "what fraction of CoRL papers are orals?": of CoRL's; "... of the papers on
                # bandits are from COLT?": of those on bandits
                base = replace(plan, filters=plan.share_base, share=False, share_base=None)
                total = (len(self.relevant(base)) if query_terms(plan.query)
                         else len(self.index.filter_ids(**vars(base.filters)) or [])
                         if base.filters.active() else self.index.count())
                on = f" on \u201c{topic}\u201d" if query_terms(plan.query) else ""
                share = [prompts.render(
                    prompts.SHARE_OF, count=f"{len(hits):,}", papers=neutralize(held_papers(
                        base.filters, total, plan.author_shown or plan.author)) + on,
                    pct=f"{100 * len(hits) / max(total, 1):.1f}")]
            elif plan.share and scope is not None:  # "what fraction of those use X?"
                whose = _whose_list(plan)
                share = [prompts.render(prompts.SHARE_OF_ANSWER, total=f"{scope:,}",
                                        pct=f"{100 * len(hits) / max(scope, 1):.1f}",
                                        whose=whose["whose"].lower(), on=whose["on"])]
            elif plan.share and plan.scope is None:  # "what fraction of CoRL papers ...?"
                total = (len(self.index.filter_ids(**vars(plan.filters)) or [])
                         if plan.filters.active() else self.index.count())
                share = [prompts.render(prompts.SHARE, total=f"{total:,}",
                                        where=f" {among}" if among else "",
                                        pct=f"{100 * len(hits) / max(total, 1):.1f}")]
            return [*share, head], [prompts.render(prompts.LISTING_MORE, more=more,
                                                   count=len(hits))] if more > 0 else []
        if plan.sides:  # (of a list: "compare the graph ones and the image ones")
            shared = "" if not plan.side_shared else prompts.render(
                prompts.COMPARE_SHARED, count=plan.side_shared,
                sides="both" if len(plan.sides) == 2 else "more than one")
            return [prompts.render(prompts.COMPARE_HEADER, where=_where(scope, among,
                                                                        _answer_of(plan)),
                                   count=len(hits), shared=shared, sides=and_list([
                                       f"{n} \u201c{neutralize(side)}\u201d"
                                       for side, n in zip(plan.sides, plan.side_counts,
                                                          strict=True)]))], []
        if scope is not None:
            return [], []
        if hits and not any(h.names_topic is not False for h in hits):  # none names the topic
            nothing = _no_abstract(among)  # (it wrote their sentences as if on it)
            return [prompts.render(
                prompts.SUMMARY_HEADER_NONE_MORE, nothing=nothing, topic=topic, count=len(hits),
                shown=shown) if len(hits) > shown else prompts.render(
                prompts.SUMMARY_HEADER_NONE, nothing=nothing, topic=topic, count=len(hits),
                s="" if len(hits) == 1 else "s")], []
        if len(hits) > shown:
            first = (f", those naming {neutralize(plan.aspect.lower())} first"
                     if _aspect_first(plan) else "")
            return [prompts.render(prompts.SUMMARY_HEADER, count=len(hits), topic=topic,
                                   first=first, shown=shown, where=_where(None, among))], []
        return [], []

    def _synthesis(self, question: str, sources: list[SearchHit], stats: dict[str, float],
                   answer: Answer) -> Iterator[str]:
        """Several sources in one prompt (models that can synthesise); validated afterwards."""
        cfg = self.settings.llm
        llm = self._llm()
        asked = self._cut(question, cfg.question_tokens)
        budget = llm.n_ctx - cfg.max_tokens - 200 - llm.count_tokens(asked)
        per_source = max(40, min(cfg.source_tokens * 2, budget // max(1, len(sources))))
        blocks = [f"[{n}] {self._source_text(h.paper, question, per_source)}"
                  for n, h in enumerate(sources, 1)]
        messages = [{"role": "system", "content": prompts.SYNTHESIS_SYSTEM},
                    {"role": "user", "content": prompts.render(
                        prompts.SYNTHESIS_USER, sources="\n".join(blocks), question=asked)}]
        text = self._generate(messages, citation_grammar(len(sources)), cfg.max_tokens, stats)
        checked = validate(text, len(sources))
        answer.invalid_citations += checked.invalid
        if is_degenerate(text) or not checked.cited:
            answer.fallbacks += 1
            yield from (_cite(h.evidence, n) for n, h in enumerate(sources, 1))
            return
        yield checked.text


# the most words a topic searched alike however it is asked has (a question describing its
# topic at length is searched as it is: the seed set's "Training networks with
# non-differentiable activations such as binary or spiking neurons" lost a paper as "Which
# papers study ...?")
SEARCHED_ALIKE = 4
# a topic that is a question still ("Which papers by Ann Lee use LoRA", a side of "... use LoRA
# or adapters?"): searched as it is
_ASKS = re.compile(r"\b(?:which|what|papers?)\b", re.IGNORECASE)


# what joins the two parts of a topic: "X for Y", "X in Y", "X with Y", "X applied to Y"
_PART_JOIN = re.compile(r"\s+(?:for|in|with|on|to|using|via|applied\s+to)\s+", re.IGNORECASE)


# a part saying what the whole field is on, no part of the topic ("fairness in machine
# learning": every paper on fairness)
_FIELD = re.compile(r"(?:(?:modern|deep|machine|statistical)\s+learning|ML|AI|artificial\s+"
                    r"intelligence|(?:deep\s+)?neural\s+net(?:work)?s|DNNs?|deep\s+(?:models|networks)|practice"
                    r"|theory|the\s+wild|general|research|(?:the\s+)?real[\s-]world)",
                    re.IGNORECASE)


def _two_parts(topic: str) -> tuple[str, ...]:
    """A topic's two parts, where words join two that each name something ("graph neural
    networks for drug discovery": "graph neural networks", "drug discovery"), neither only
    the field (:data:`_FIELD`: "in machine learning"); else ()."""
    parts = _PART_JOIN.split(topic, maxsplit=1)
    return tuple(parts) if len(parts) == 2 and all(
        query_terms(p) and not _FIELD.fullmatch(p.strip()) for p in parts) else ()


def _searched(plan: Plan) -> str:
    """What a listing or summary searches for: "Which papers study {topic}?" where the
    question names no other word to search than its topic's, so that a topic's papers do not
    depend on how it is asked ("papers on X", "how many papers on X", "X", "count the papers on
    X" list what "Which papers study X?" lists: the dense side embeds the question); else the
    question as read."""
    terms = query_terms(plan.topic)
    if 0 < len(terms) <= SEARCHED_ALIKE and plan.kind in ("listing", "summary") and (
            not _ASKS.search(plan.topic) and sorted(query_terms(plan.query)) == sorted(terms)):
        return f"Which papers study {plan.topic}?"
    return plan.query


def _listing_header(hits: Sequence[SearchHit], topic: str, scope: int | None = None,
                    among: str = "", newest_first: bool = False, *, by_title: bool = False,
                    closest: bool = False, answer: str = "the previous answer") -> str:
    """The count, and how many listed papers name the topic (``SearchHit.names_topic``; None,
    as for author listings, counts as naming it): all, some, or none of them. ``scope``: the
    number of papers a follow-up narrows ("of those, which ..."), which the line names;
    ``among``: the author, venue and year the search was restricted to (:func:`_among`);
    ``newest_first``: the papers are listed by year (each part, where some name the topic);
    ``by_title``: by title (each part likewise); ``closest``: the one paper asked for as the
    most relevant (:attr:`Plan.closest`), which, naming none, is the closest in meaning;
    ``answer``: the answer ``scope`` narrows (:func:`_answer_of`)."""
    count = len(hits)
    named = sum(h.names_topic is not False for h in hits)
    where = _where(scope, among, answer)
    order = "" if not (newest_first or by_title) else (
        ", by title" if by_title else ", newest first") if named in (0, count) else (
        ", each part by title" if by_title else ", each part newest first")
    if named == count:
        return prompts.render(prompts.LISTING_HEADER, count=count, s="" if count == 1 else "s",
                              es="es" if count == 1 else "", topic=topic, where=where,
                              order=order)
    if named == 0:
        nothing = (_no_abstract(among) if scope is None
                   else f"None of the {scope:,} papers from {answer}")
        if closest and count == 1:  # "which one is most relevant to X?"
            return prompts.render(prompts.LISTING_HEADER_CLOSEST, nothing=nothing, topic=topic)
        return prompts.render(prompts.LISTING_HEADER_NONE, count=count, nothing=nothing,
                              s="" if count == 1 else "s", topic=topic, order=order)
    return prompts.render(prompts.LISTING_HEADER_SOME, count=count, topic=topic, named=named,
                          s="s" if named == 1 else "", rest=count - named, where=where,
                          order=order)


def _side_label(plan: Plan, side: int) -> str:
    """How a comparison's summary line names its paper's side: the side ("LoRA"), or what a
    side's filter names ("UAI papers", for "UAI papers on causal inference")."""
    label = plan.sides[side]
    return label.removesuffix(f" on {plan.query}") if plan.side_filters else label


def _places(first: int, last: int) -> str:
    """"Papers 41 to 80", "Paper 41": the places a continued listing writes out."""
    return f"Papers {first} to {last}" if last > first else f"Paper {first}"


def _like_header(others: int, title: str, among: str) -> str:
    """The first line of "papers similar to X": how many neighbours follow the paper."""
    if not others:
        return prompts.render(prompts.LIKE_HEADER_NONE, title=title, where=_where(None, among))
    return prompts.render(prompts.LIKE_HEADER, count=others, s="" if others == 1 else "s",
                          title=title, where=_where(None, among))


def _quoted(plan: Plan, question: str) -> str:
    """What a first line quotes as the question's topic: 'bandits' or, where it leaves one
    out, 'bandits” but not “regret' (the template adds the outer quotes)."""
    topic = neutralize(plan.topic or question)
    return f"{topic}\u201d but not \u201c{neutralize(plan.without)}" if plan.without else topic


def _all_left_out(plan: Plan) -> str:
    """Why a question leaving a topic out gets nothing: every paper found names it; or, leaving
    out a venue, years, status or institution (:attr:`Plan.exclude`), every one has it."""
    n = plan.left_out
    topic, without = neutralize(plan.topic), neutralize(plan.without)
    out = plan.exclude  # "which of them are not from 2023?": each is (not "each names “2023”")
    why = (f"{'each name' if n > 1 else 'names'} \u201c{without}\u201d" if out is None
           else f"{'all have' if n > 1 else 'has'} {without}" if out.affiliation
           else f"{'are all' if n > 1 else 'is among the'} {without}"
           if out.status and not (out.venue or out.has_years())
           else f"{'are all' if n > 1 else 'is'} from {without}")
    return (f"{f'the {n} papers' if n > 1 else 'the one paper'} "
            f"{neutralize(_from(_among(plan)))}matching \u201c{topic}\u201d {why}.")


def _authors_found(plan: Plan, hits: Sequence[SearchHit]) -> Plan:
    """``plan`` naming, of the authors a last name was read as ("Samy Bengio or Yoshua
    Bengio", "papers by Levine and Finn"), those who wrote the papers found; as it was where
    it names them otherwise ("an author named Li") or none of them wrote one."""
    names = [plan.author, *plan.coauthors]
    apart = f" without {' or '.join(plan.without_authors)}" if plan.without_authors else ""
    if not hits or not plan.author or plan.author_shown.removesuffix(apart) not in (
            "", and_list(names)):
        return plan
    wrote = {a.lower() for h in hits for a in h.paper.authors}

    def kept(either: str) -> str:
        parts = name_parts(either)
        if len({p.split()[-1].lower() for p in parts}) > 1:  # "A or B" as asked
            return either
        return " or ".join([p for p in parts if p.lower() in wrote] or parts)
    found = [kept(n) for n in names]
    if found == names:
        return plan
    asked = and_list(names)  # "by A or B" where a narrowing names them
    topic = plan.topic.replace(asked, and_list(found)) if asked in plan.topic else plan.topic
    return replace(plan, author_shown=and_list(found) + apart, author=found[0],
                   coauthors=tuple(found[1:]), topic=topic)


def _among(plan: Plan) -> str:
    """The author, venue, year, status and institution a plan's search is restricted to ("by
    Ann Lee from COLT 2024", "among the COLT 2024 orals with an author at MIT"), unless they are
    what it lists ("which papers are from COLT 2024?", "what did Ann Lee work on?")."""
    f = plan.filters
    shown = plan.author_shown or plan.author
    by = " ".join(x for x in (f"by {shown}" if plan.author and shown != plan.topic else "",
                              plan.also_said if plan.also_said != plan.topic else "") if x)
    if scope_named(f) == plan.topic:
        return by
    label = scope_label(replace(f, session=""))
    where = f"among the {label}" if f.status else f"from {label}" if label else ""
    return " ".join(x for x in (by, where, session_where(f.session) if f.session else "",
                                (f"with authors at {institutions_said(f.affiliation)}"
                                 if ALL_OF in f.affiliation
                                 else f"with an author at {f.affiliation}") if f.affiliation else "")
                    if x)


_ABOUT_PAPERS = frozenset({"paper", "papers", "work", "study", "article", "title", "titled",
                           "called", "named", "presents", "presented"})


def _echoes(reason: str, title: str) -> bool:
    """Whether a generated reason says nothing but the paper's title ("The paper, MimicPlay:
    Long-Horizon Imitation Learning by Watching Human Play."): no content word beyond it."""
    return set(query_terms(reason)) - _ABOUT_PAPERS <= set(query_terms(title))


def _of_an_author(plan: Plan) -> bool:
    """Whether a plan asks for an author's papers and nothing else but a venue, years or
    status ("Which 2025 papers did X write?", "how many papers does he have in 2024?")."""
    return (plan.kind == "metadata" and bool(plan.author) and plan.scope is None
            and plan.topic == (plan.author_shown or plan.author) and not plan.also_said)


def _from(among: str) -> str:
    return f"{among} " if among else ""


def _no_abstract(among: str) -> str:
    """How a first line says none names the topic: "No indexed abstract (from COLT 2024)"."""
    return f"No indexed abstract {_from(among)}".rstrip()


def _statuses_said(statuses: Sequence[str], count: int) -> str:
    """What ``count`` papers of these statuses are, after their noun: "is a poster", "are all
    posters", "are orals and posters", "given no status"."""
    nouns = [neutralize(status_noun(s)) for s in statuses]
    if not nouns:
        return "given no status"
    if count == 1:
        return f"is {'an' if nouns[0][0] in 'aeiou' else 'a'} {nouns[0].removesuffix('s')}"
    return f"are all {nouns[0]}" if len(nouns) == 1 else f"are {and_list(nouns)}"


def _span(years: Sequence[int]) -> str:
    """"2024", "2023 to 2025"."""
    return str(years[0]) if len(years) == 1 else f"{years[0]} to {years[-1]}"


def _narrows_by_filters(plan: Plan) -> bool:
    """Whether a follow-up narrows the last list by filters alone ("which are on Wednesday?",
    "which of them are from 2025?"): no topic, nothing left out, no order asked for."""
    return bool((plan.filters.active() or plan.author or plan.also_said)
                and not query_terms(plan.query) and not (plan.newest_first or plan.by_title)
                and not plan.without and plan.exclude is None
                and (plan.author or not plan.without_authors))


def _narrowed_by_filters(plan: Plan) -> bool:
    """Whether a follow-up narrowed the last list by filters it named (:func:`_narrows_by_filters`),
    not one listing it again, counting it or going on with it under the UI's filters ("list
    them", "who are their authors?", "show me more" with a year set in the sidebar)."""
    return _narrows_by_filters(plan) and not (plan.recount or plan.offset or plan.tally
                                              or plan.rest_of)


def _where(scope: int | None, among: str, answer: str = "the previous answer") -> str:
    """Where a first line's papers were found: "in the indexed abstracts", "from COLT 2024 in
    the indexed abstracts", or "of the 6 from the previous answer" (``scope``: narrowing
    ``answer``)."""
    return (f"{_from(among)}in the indexed abstracts" if scope is None
            else f"of the {scope:,} from {answer}")


def _answer_of(plan: Plan) -> str:
    """The answer whose papers a follow-up narrows, as a first line names it: "the previous
    answer", or "the earlier answer on “LoRA”" (:attr:`Plan.earlier`: "which of the LoRA
    papers are about vision?" after other questions), with the part of it narrowed where only
    a part is (:attr:`Plan.part`: "the previous answer (those from 2025)")."""
    return (f"the earlier answer on \u201c{neutralize(plan.earlier)}\u201d" if plan.earlier
            else "the previous answer") + (f" (those {plan.part})" if plan.part else "")


def _on_earlier(plan: Plan) -> str:
    """' on “LoRA”' where a follow-up's list was on a topic (:attr:`Plan.earlier`), else ''."""
    return f" on \u201c{neutralize(plan.earlier)}\u201d" if plan.earlier else ""


def _whose_list(plan: Plan) -> dict[str, str]:
    """How :data:`prompts.HELD_NARROWED_HEADER` names the answer narrowed (:func:`_answer_of`):
    "The previous answer's 11 papers", "The earlier answer's 11 papers on “LoRA”", "The picked
    3 papers" ("which of the first three have code?"); "The previous answer's 25 papers from
    2025" (:attr:`Plan.part`)."""
    part = f" {plan.part}" if plan.part else ""
    return ({"whose": "The earlier answer's", "on": _on_earlier(plan) + part} if plan.earlier
            else {"whose": "The picked", "on": ""} if plan.picked  # "which of the first three
            else {"whose": "The previous answer's", "on": part})  # has code?"


def _aspect_first(plan: Plan) -> bool:
    """Whether a summary draws on the papers naming the aspect asked of first ("the future
    directions of X": of 80 papers on X, the closest 4 named none)."""
    return plan.kind == "summary" and bool(plan.aspect) and named_aspect(plan.aspect) and not (
        plan.picked)


def _names_topic(cov: float, together: bool) -> bool:
    """Whether a paper names the question's topic: every term (``cov``, idf-weighted share of
    the terms it names), together where the topic is a phrase (``together``)."""
    return cov >= 0.999 and together


def _cite(sentence: str, n: int) -> str:
    """'Text.' -> 'Text [n].': the marker inside the sentence it supports. Bracketed numbers
    the text brings along (an abstract's "[2021]") are neutralized first."""
    body = detex(neutralize(sentence)).strip().rstrip(".;:, ")
    return f"{body} [{n}]."


# how a tally's lines name what they count: (one, more of them, what papers give for it)
_TALLY_WORDS = {"author": ("author", "authors", "authors"),
                "coauthor": ("co-author", "co-authors", "co-authors"),
                "affiliation": ("institution", "institutions", "affiliations"),
                "venue": ("venue", "venues", "venues"), "year": ("year", "years", "years"),
                "area": ("area", "areas", "areas"), "topic": ("topic", "topics", "titles"),
                "session": ("session", "sessions", "sessions"),
                "day": ("day", "days", "day of presentation")}


def _whose(plan: Plan, hits: Sequence[SearchHit]) -> frozenset[str]:
    """The authors (lowercase) whose papers ``hits`` are, not counted as their co-authors: those
    the plan names ("Who are Ann Lee's co-authors?"), or else those on every paper of several
    ("who are her co-authors?" after "What did Ann Lee work on?"; of one paper, all its
    authors are counted: "who are the co-authors?" after "which paper introduced DPO?")."""
    if plan.author:
        return author_names(plan.author)
    every = [{a.lower() for a in h.paper.authors} for h in hits]
    return frozenset(set.intersection(*every)) if len(every) > 1 else frozenset()


def _own_authors(hits: Sequence[SearchHit], paper_id: str) -> str:
    """How a tally of the authors of a paper's neighbours names the paper's own authors: "the
    authors of “Title”" ("who else works on this?")."""
    paper = next((h.paper for h in hits if h.paper.paper_id == paper_id), None)
    return (f"the authors of \u201c{neutralize(paper.title or paper.label)}\u201d" if paper
            else "the paper's own")


def _tallied(hits: Sequence[SearchHit], by: str, besides: frozenset[str] = frozenset(), *,
             at: str = "", of: str = "") -> list[tuple[str, list[int]]]:
    """The authors (those not ``besides``, lowercase; institutions, venues, years,
    areas) of ``hits``, each with the places (from 1) of its papers among them: the most
    papers first (years in their order); an institution once a paper however many of its
    authors are there, however their affiliations write it
    (:func:`rag.institutions.institutions_of`: "Google Research" and "Google" are one). ``at``:
    the institution the papers were asked of ("which authors at MIT ...?"), whose authors alone
    are counted where each author's affiliation is given (not their co-authors elsewhere);
    ``of``: the author whose institutions alone are counted ("where is X from?"), likewise."""
    own = author_names(of)
    named = [re.compile(pattern, re.IGNORECASE) for pattern in map(name_pattern, at.split(ALL_OF))
             if pattern]
    places: dict[str, list[int]] = {}
    for n, hit in enumerate(hits, 1):
        p = hit.paper
        keys = ([a for a, _ in _each_author(p, lambda a, aff: any(r.search(fold(aff))
                                                                  for r in named))
                 if a.lower() not in besides]
                if by == "author" and named
                else [a for a in p.authors if a.lower() not in besides]
                if by in ("author", "coauthor") else
                sorted({n for _, aff in _each_author(p, lambda a, aff: a.lower() in own)
                        for n in institutions_of(aff.strip())}) if by == "affiliation" and own
                else sorted({n for a in p.affiliations for n in institutions_of(a.strip())})
                if by == "affiliation"
                else [p.venue] if by == "venue" and p.venue
                else [area_of(p)] if by == "area" and p.area
                else [str(p.year)] if by == "year" and p.year
                else [p.session] if by == "session" and p.session
                else _day(p.session) if by == "day" else [])
        for key in dict.fromkeys(keys):
            places.setdefault(key, []).append(n)
    return (sorted(places.items()) if by == "year"
            else sorted(places.items(), key=lambda kv: (-len(kv[1]), kv[0])))


def _each_author(paper: Paper, keep: Callable[[str, str], bool]) -> list[tuple[str, str]]:
    """``paper``'s (author, affiliation) pairs that ``keep`` keeps, where it gives each author's
    affiliation (paper lists: 3,894 of 3,902 records); where it does not, every author with
    each affiliation it gives (which of them is where cannot be told)."""
    if len(paper.affiliations) == len(paper.authors):
        return [(a, aff) for a, aff in zip(paper.authors, paper.affiliations, strict=True)
                if keep(a, aff)]
    return [(a, aff) for a in paper.authors for aff in paper.affiliations or [""]]


def _day(session: str) -> list[str]:
    """The day a session names ("Poster Session 3: Wednesday, Dec 13, 08:45 CT": "Wednesday"),
    as a list of one; none where it names no weekday."""
    m = re.search(rf"\b(?:{DAYS})\b", session, re.IGNORECASE)
    return [m.group(0).capitalize()] if m else []


def _subareas(hits: Sequence[SearchHit]) -> dict[str, str]:
    """Each area's sub-areas with their papers, where the areas name them ("Deep Learning ·
    Theory"): "Deep Learning" -> "Large Language Models: 2, Theory: 1"."""
    subs: dict[str, Counter[str]] = {}
    for hit in hits:
        area, _, sub = hit.paper.area.partition(AREA_PARTS)
        if sub.strip():
            subs.setdefault(area.strip(), Counter())[sub.strip()] += 1
    return {area: ", ".join(f"{sub}: {n}" for sub, n in sorted(
        counts.items(), key=lambda kv: (-kv[1], kv[0]))) for area, counts in subs.items()}


def _tally_lines(counted: list[tuple[str, list[int]]], by: str, shown: int,
                 hits: Sequence[SearchHit], narrower: Mapping[str, str]
                 ) -> tuple[list[str], list[str]]:
    """A tally of ``hits``: its lines ("1. Sergey Levine: 6 papers [1][4][9]", at most eight
    markers; every year, else the first ``shown``; what is ``narrower`` after it: an area's
    sub-areas, a topic's narrower topics) and its closing lines ("… and 120 more authors (130
    in all)", how many papers give no area, venue, year or affiliations)."""
    if by != "year":
        more, counted = len(counted) - shown, counted[:shown]
    else:
        more = 0
    lines = [f"{i}. {neutralize(key)}: {len(at)} paper{'' if len(at) == 1 else 's'} "
             f"{_markers(at)}{f' ({neutralize(narrower[key])})' if key in narrower else ''}"
             for i, (key, at) in enumerate(counted, 1)]
    foot = [prompts.render(prompts.TALLY_MORE, more=f"{more:,}", what=_TALLY_WORDS[by][more > 1],
                           total=f"{len(counted) + more:,}")] if more > 0 else []
    given = {"area": lambda p: p.area, "venue": lambda p: p.venue, "year": lambda p: p.year,
             "affiliation": lambda p: any(a.strip() for a in p.affiliations),
             "session": lambda p: p.session, "day": lambda p: _day(p.session)}.get(by)
    if given and counted and (missing := sum(not given(h.paper) for h in hits)):
        foot.append(prompts.render(prompts.TALLY_MISSING, count=f"{missing:,}",
                                   total=f"{len(hits):,}", what=_TALLY_WORDS[by][2],
                                   s="s" if len(hits) > 1 else "", es="" if missing > 1 else "s"))
    if by == "topic" and counted:
        foot = _topics_ask([name for name, _ in counted])
    return lines, foot


def _markers(places: Sequence[int]) -> str:
    """A tally line's citations of its papers (places from 1): at most eight, "…" after."""
    return "".join(f"[{n}]" for n in places[:8]) + (" \u2026" if len(places) > 8 else "")


def _topics_ask(names: Sequence[str]) -> list[str]:
    """How to list a topic's papers, for one of ``names`` (of several words, where one is)."""
    return [prompts.render(prompts.TOPICS_ASK, topic=neutralize(next(
        (name for name in names if " " in name), names[0])))] if names else []


def _trend_lines(trends: Sequence[Trend], hits: Sequence[SearchHit], late: int,
                 span: str) -> tuple[list[str], list[str]]:
    """Each growing topic's line ("1. reasoning: 55 of the 1,315 papers of 2025 (4.2 %), 12 of
    the 2,587 from 2023 to 2024 (0.5 %) [3][9]…", the markers its papers of ``late``), and how
    to list a topic's papers."""
    place = {h.paper.paper_id: n for n, h in enumerate(hits, 1)}
    n_late = sum(h.paper.year == late for h in hits)
    n_early = sum(h.paper.year is not None and h.paper.year < late for h in hits)
    lines = [f"{i}. {neutralize(t.name)}: {len(t.late)} of the {n_late:,} papers of {late} "
             f"({100 * len(t.late) / n_late:.1f} %), {len(t.early)} of the {n_early:,} from "
             f"{span} ({100 * len(t.early) / n_early:.1f} %) "
             f"{_markers(sorted(place[p] for p in t.late))}"
             for i, t in enumerate(trends, 1)]
    return lines, _topics_ask([t.name for t in trends])


def _fact(fact: str, paper: Paper, check: str = "") -> str:
    """What the catalog gives of ``paper`` that a question asks for (:attr:`Plan.fact`): its
    authors, venue and year (and status), status, affiliations or abstract; or that it gives
    none. After "Yes: " or "No: " where the question asked whether it is so (``check``:
    :attr:`Plan.fact_check`) and the catalog tells."""
    if said := _checked(fact, paper, check):
        return f"{said}: {_fact(fact, paper)}"
    title = f"\u201c{paper.title or paper.label}\u201d"
    where, status = _venue_year(paper), paper.status
    # each institution once, however written ("UC Berkeley", "University of California,
    # Berkeley"): rag.institutions, as the tallies count them
    affiliations = list(dict.fromkeys(name for a in paper.affiliations if a.strip()
                                      for name in institutions_of(a) or (a.strip(),)))
    if fact in ("authors", "authors+affiliations"):
        n = len(paper.authors)  # counted where a list is long to count: "how many authors?"
        by = (f"{title} is by {f'{n} authors: ' if n > 3 else ''}{and_list(paper.authors)}"
              if paper.authors else f"The catalog gives no authors for {title}")
        if fact == "authors":
            return by
        return by + (f"; they list {and_list(affiliations)}" if affiliations  # "who wrote it
                     else "; the catalog gives no affiliations")  # and where are they from?"
    session = f"presented in {session_named(paper.session)}" if paper.session else ""
    if fact == "when":
        return (f"{title} appeared {'at' if paper.venue else 'in'} {where}"
                f"{f' ({status})' if status else ''}{f', {session}' if session else ''}" if where
                else f"{title} is {session}" if session
                else f"The catalog gives no venue or year for {title}")
    if fact == "session":  # "which poster session is X in?"
        return (f"{title} is {session}" if session
                else f"The catalog gives no presentation session for {title}")
    if fact == "status":
        return (f"{title} is listed as {status}{f' at {where}' if where else ''}" if status
                else f"The catalog gives no status (oral, spotlight, poster) for {title}")
    if fact == "indexed":
        by = f" by {and_list(paper.authors)}" if paper.authors else ""
        return f"Yes: {title}{by} is indexed{f' ({where})' if where else ''}"
    if fact == "affiliations":
        return (f"The authors of {title} list {and_list(affiliations)}" if affiliations
                else f"The catalog gives no affiliations for {title}")
    return f"The abstract of {title}: {paper.abstract}"


def _unsaid(reason: str, abstract: str, query: str, said: set[str]) -> str:
    """``reason``, or where an earlier line wrote it (a paper listed twice under two titles
    with one abstract: NeurIPS 2023's "Zeroth-Order Methods for Nonsmooth, ..." and "...
    Nondifferentiable, ..."), the next sentence of ``abstract`` closest to ``query`` that none
    wrote; added to ``said``."""
    if reason.strip() in said:
        sentences = split_sentences(abstract)
        reason = next((sentences[i] for i in sentence_order(sentences, query)
                       if sentences[i].strip() not in said), reason)
    said.add(reason.strip())
    return reason


def _checked(fact: str, paper: Paper, check: str) -> str:
    """"Yes" or "No" to whether ``paper`` has the year and venue or status ``check`` names
    ("ICLR 2024", "oral", "spotlight at NeurIPS 2023"); '' where the catalog gives no year or
    status. A word before the year names a venue unless it names a time of year ("May 2023",
    "early 2024"); "NIPS" is NeurIPS."""
    status, _, where = check.partition(" at ") if fact == "status" else ("", "", check)
    if fact == "status" and status:
        if not paper.status:
            return ""
        if status not in paper.status.lower():
            return "No"
    elif fact != "when" or not where:
        return ""
    if not where:
        return "Yes"
    m = re.search(r"(?:19|20)\d{2}", where)
    venue = (where[:m.start()] if m else where).strip().lower()
    venue = "" if re.fullmatch(_TIMES_OF_YEAR, venue) else venue
    if (m and paper.year is None) or (venue and not paper.venue):
        return ""
    named = {venue, _VENUE_ALIASES.get(venue, venue).lower()}  # ("NIPS" as the catalog's NeurIPS)
    return "Yes" if (not m or paper.year == int(m.group())) and any(
        v in paper.venue.lower() for v in named) else "No"


# words naming a time of year before it, not a venue ("is it from May 2023?"), or none
_TIMES_OF_YEAR = (r"|(?:early|late|mid|in|spring|summer|fall|autumn|winter|jan(?:uary)?|feb(?:ruary)?"
                  r"|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
                  r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)[-\s]*")


# what an abstract writes where it names an aspect in other words: "However, PPO is sensitive
# to hyperparameters and requires multiple models" is a limitation of RLHF, though no word of it
# is "limitation". Each aspect of ``_ASPECT`` in rag.questions, by its first five letters: words
# that name it anywhere, and everyday words that name it only in a sentence setting a problem
# against what came before ("However, ... is hard to train"; not "we study hard negatives")
_SURE = ("limitations suffers fails failure inefficient prohibitive unstable instability brittle drawbacks "
         "bottleneck shortcomings weaknesses flaws impractical")
_WEAK = ("limited limits costly expensive difficult hard sensitive lacks struggles insufficient "
         "vulnerable challenging challenges poorly degrades slow requires")
_STRONG = ("advantages benefits outperforms improves efficient faster simpler robust superior "
           "effective enables")
_ASPECT_CUES: dict[str, tuple[str, str]] = {
    **dict.fromkeys(("limit", "drawb", "weakn", "short", "chall", "failu", "criti"), (_SURE, _WEAK)),
    "risks": (f"{_SURE} harmful misuse unsafe threat attacks", _WEAK),
    **dict.fromkeys(("advan", "benef", "stren"), (_STRONG, "")),
    "assum": ("assumes assuming", ""), "open ": ("remains unclear unknown", ""),
    "futur": ("future remains unclear unknown elusive", ""),
    **dict.fromkeys(("datas", "bench"), ("dataset datasets benchmark benchmarks corpus corpora "
                                         "suite", ""))}
_CONTRAST = re.compile(r"\b(?:however|but|yet|unfortunately|although|despite|nevertheless)\b",
                       re.IGNORECASE)


@lru_cache(maxsize=256)  # asked for the evidence and again for the line
def _aspect_sentence(abstract: str, aspect: str) -> str:
    """The abstract's sentence naming ``aspect`` most ("limitations": "One limitation is ..."),
    else the one naming most of its cue words (:data:`_ASPECT_CUES`: "However, PPO is
    sensitive to hyperparameters"); '' where none names either."""
    sentences = split_sentences(abstract)
    scores = sentence_scores(sentences, aspect, abstract)
    if not any(scores):
        sure, weak = _ASPECT_CUES.get(aspect.lower()[:5], ("", ""))
        scores = [a + (b if _CONTRAST.search(s) else 0.0) for a, b, s in zip(
            sentence_scores(sentences, sure, abstract) if sure else [0.0] * len(sentences),
            sentence_scores(sentences, weak, abstract) if weak else [0.0] * len(sentences),
            sentences, strict=True)]
    best = max(range(len(scores)), key=lambda i: scores[i], default=None)
    return sentences[best] if best is not None and scores[best] > 0 else ""


def _venue_year(paper: Paper) -> str:
    """Where and when a paper appeared, as a listing line names it: "AISTATS 2025", "NeurIPS
    2023" (a venue naming its year), "2024", ''."""
    year = str(paper.year) if paper.year else ""
    return " ".join(x for x in (paper.venue, "" if year in paper.venue else year) if x)


def _paper_named(question: str, hits: Sequence[SearchHit]) -> SearchHit | None:
    """The paper among the first hits a question asks about by its title ("what does the paper
    Graph Mixture of Experts propose?": the title, or its part before a colon, of two words or
    more), where it speaks of one paper (:data:`_ONE_PAPER`); else None."""
    if not _ONE_PAPER.search(question):
        return None
    asked = f" {plain(question)} "
    return next((hit for hit in hits[:5] for name in title_names(hit.paper.title)
                 if len(name.split()) >= 2 and f" {name} " in asked), None)


def _authors_short(authors: Sequence[str], asked: frozenset[str] = frozenset()) -> str:
    """"Ann Lee", "Ann Lee, Bo Chen", "Ann Lee et al."; the authors a question asked for
    (``asked``, lower case: :func:`author_names`) named where "et al." would hide them ("Ann
    Lee et al., with Cy Dunn" for Cy Dunn's papers)."""
    if len(authors) <= 2:
        return ", ".join(authors)
    named = [a for a in authors[1:] if a.lower() in asked]
    return f"{authors[0]} et al." + (f", with {and_list(named)}" if named else "")
