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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, NamedTuple

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
from rag.institutions import (
    WORK_NOUN,
    as_from,
    capitalized,
    institution_candidates,
    looks_like_institution,
    name_parts,
    typed_in_lowercase,
)
from rag.retrieval import Filters, Retriever, best_sentence, split_sentences
from rag.settings import Settings
from rag.textnorm import YEAR, is_term, query_terms, sentence_order, terms_beyond
from rag.types import Paper, SearchHit
from store.lexical import STATUS_WORDS, PaperIndex

__all__ = ["Answer", "Answerer", "Citation", "Conversation", "DoneEvent", "Event", "PapersEvent",
           "TokenEvent"]

Kind = Literal["listing", "summary", "metadata"]

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
# A tally ("the most prolific authors on X") writes out at most this many authors (institutions,
# venues), or the listing's lines (llm.listing_lines) where fewer; every year.
TALLY_LINES = 10
# A listing starts from at least this many search results (then adds the papers naming almost
# all terms beyond them); a smaller k asked for is raised to it.
LISTING_DEPTH = 50

# "who works on X?" (or "which authors work on X?"): a listing with every author
_WHO_WORD = re.compile(r"^\s*(?:which|what)\s+(?:authors|researchers|people)\b", re.IGNORECASE)
_WHO = re.compile(rf"^\s*who\b|{_WHO_WORD.pattern}", re.IGNORECASE)
# ... and its verb, no topic word: "who wrote papers on X?", "who has published on X?"
_WHO_WROTE = re.compile(r"^(\s*who)\s+(?:(?:has|have|had)\s+)?(?:wrote|written|writes|authored"
                        r"|published|publishes)\b", re.IGNORECASE)
# what a question calls the papers ("papers", "work", "ones"), and the words that may stand
# before it: names, years, a topic ("COLT 2024 papers", "bandit papers", "reinforcement
# learning papers"), no function word ("the best way to find papers" is no judgement of papers)
_PAPERS = r"(?:papers?|works?|studies|articles|ones?)"
_NAMED = (r"(?:(?!(?:the|an?|of|to|in|on|for|with|by|and|or|from|about|is|are|was|were|that"
          r"|which|who|how|what|do|does|did|can|i|you|me)\b)[\w-]+\s+){0,4}")
_LISTING = re.compile(r"^\s*(which|what(?!\s+(?:(?!papers?\b)\w+\s+)?(?:do|does|did)\b)|list|find"
                      r"|show|are there|is there|any|give me|name|how many|do any|does any)\b"
                      r".*\bpapers?\b|^\s*(papers|all papers|list)\b"
                      r"|^\s*(?:list|find|show|give)(?:\s+me)?(?:\s+(?:all|some|the))?\s+"
                      r"(?:work|research|publications|articles)\b"
                      # "COLT 2024 papers on X", "Sergey Levine's papers on X" (not "summarize
                      # bandit papers", "summarize Sergey Levine's papers")
                      r"|^(?!\s*(?:summari[sz]e|describe|explain|compare|contrast|what|how|why)\b)"
                      rf"(?:\s*{_NAMED}|[^?]*?\w['\u2019]s\s+)papers\b|" + _WHO.pattern,
                      re.IGNORECASE)
# "compare A and B", "the differences between A and B", "A vs B"
_COMPARE = re.compile(r"^\s*(?:compare|contrast|(?:what(?:'s|\s+is|\s+are)\s+)?(?:the\s+)?"
                      r"differences?\s+between)\s+(.+?)\s+(?:and|vs\.?|versus|with|to)\s+(.+?)"
                      r"[\s?.!]*$|^\s*(.+?)\s+(?:vs\.?|versus)\s+(.+?)[\s?.!]*$", re.IGNORECASE)
# a judgement the abstracts cannot make: "the best paper on X", "the most influential (COLM)
# papers", "top 5 papers", "which paper is the best?" (not "the most relevant papers": that is
# the order)
_RANK_WORD = (r"(?:best|worst|greatest|strongest|weakest|leading|top(?:\s+\d+)?"
              r"|most\s+(?!relevant\b|related\b|similar\b|recent\b|closely\b)[a-z-]+)")
_JUDGE = re.compile(rf"\b(?:the\s+)?{_RANK_WORD}\s+(?P<mid>{_NAMED}){_PAPERS}\b"
                    rf"|\bpapers?\s+(?:is|are|was|were)\s+(?:the\s+)?{_RANK_WORD}\b"
                    rf"|\b(?:is|are|was|were)\s+(?:the\s+)?{_RANK_WORD}(?:\s+ones?)?(?=[\s?.!]*$)",
                    re.IGNORECASE)
# an order asked for, not a topic: "the most relevant papers on X" (the listing's own order),
# "recent papers on X", "the latest work on X" (newest first)
_ORDER = re.compile(r"\b(?:the\s+)?(?:most\s+)?(?:(relevant|related|similar|closest|pertinent)"
                    rf"|(recent|latest|newest))\s+(?={_NAMED}{_PAPERS}\b)", re.IGNORECASE)
# a topic left out, at the question's end: "... bandits but not regret", "excluding X",
# "except for X", "other than X", "that do not use X", "which are not about X"
_WITHOUT = re.compile(r"\s*,?\s*\b(?:(?:but\s+not|and\s+not|excluding|except(?:\s+for)?|other\s+than)"
                      r"(?:\s+(?:those|ones|papers?))?(?:\s+(?:on|about|using|with))?"
                      r"|(?:(?:that|which)\s+)?(?:do(?:es)?|are|is)(?:\s+not|n't)\s+(?:study|use"
                      r"|mention|address|consider|involve|name|about|on|using))"
                      r"\s+(?P<x>[^?.!]+?)[\s?.!]*$", re.IGNORECASE)
# the question's own verb after "papers" ("which paper introduced DPO?", "papers that discuss
# X", "which papers have looked at X"): no word the papers must name
_ASKED_VERB = re.compile(
    rf"\b({_PAPERS}|authors?)\s+(?:(?:that|which|who)\s+)?"
    r"(?:(?:have|has|had|do|does|did|were|was|are|is|been|first|also|mainly|mostly)\s+)*"
    r"(?:(?:introduc|present|discuss|address|tackl|investigat|explor|examin|consider|describ"
    r"|publish|appear|releas"
    r"|mention|employ|leverag|adopt|cover|report|propos|develop|analy[sz]|evaluat|combin"
    r"|integrat|unif|bridg|connect)\w*"
    r"(?:\s+(?:on|with|about))?|focus(?:es|ed)?\s+on|deal(?:s|t)?\s+with"
    r"|look(?:s|ed)?\s+(?:at|into)|appl(?:y|ies|ied)|work(?:s|ed)?\s+on)\b", re.IGNORECASE)
# citations asked for ("which papers cite DPO?", "papers that build on X"): abstracts hold no
# reference lists, so the papers naming X are listed, and the first line says so
_CITING = re.compile(r"\b(?:(?:that|which|who)\s+)?(?:cite[sd]?|citing|referenc(?:e[sd]?|ing)"
                     r"|build(?:s|ing)?\s+(?:up)?on)\b", re.IGNORECASE)
# a number of papers asked for: "give me three papers on X", "list 5 COLT papers on Y"
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "a couple of": 2, "a few": 3}
_COUNT = re.compile(rf"\b(\d{{1,2}}|{'|'.join(_NUMBERS)})\s+(?={_NAMED}{_PAPERS}\b)",
                    re.IGNORECASE)
# papers like one paper: "papers similar to Direct Preference Optimization", "papers like
# \u201cX\u201d", "what is related to the paper X?"
_LIKE = re.compile(r"\b(?:(?:similar|related|closest|close)\s+to|papers?\s+like)\s+(?:the\s+paper\s+)?"
                   r"[\"\u201c'\u2018]?(?P<title>[^\"\u201d]+?)[\"\u201d'\u2019]?[\s?.!]*$", re.IGNORECASE)
# a passage to find papers close to: the text after a colon or a line break where the words
# before it speak of one ("Find papers related to this abstract: We propose ..."; not
# "Summarize the papers on: ..."), the X of "papers similar to X" where no paper is
# titled X, of at least _PASSAGE_WORDS words, or a question that is itself a pasted abstract
# (_PASTED_WORDS words or more, two sentences or more)
_PASSAGE = re.compile(r"^(?!\s*(?:summari[sz]e|compare|contrast|explain|describe)\b)(?=[^:\n]*\b(?:"
                      r"abstract|text|passage|paragraph|description|idea|proposal|project|this"
                      r"|following|my|our|similar|related|like|close|closest)\b)"
                      r"[^:\n]{0,150}[:\n]\s*(?P<text>.+)$", re.DOTALL | re.IGNORECASE)
_PASSAGE_WORDS = 12
_PASTED_WORDS = 50
# what the last side of a comparison adds for all ("compare A and B for robot manipulation")
_QUALIFIER = re.compile(r"\s(?:for|in|on|under)\s+.+$", re.IGNORECASE)
# a listing of papers on either topic: "which papers use LoRA or adapters?", "either A or B"
_EITHER = re.compile(r"^(.+?)\s+or\s+(?!not\b)(.+?)[\s?.!]*$", re.IGNORECASE)
# papers called by their status: "which orals study X?" (read as "which oral papers")
_STATUS_NOUN = re.compile(rf"\b({STATUS_WORDS})s\b(?!\s+(?:papers?|presentations?|talks?)\b)",
                          re.IGNORECASE)
# a polite lead before what is asked: "can you find papers on X?", "I'm looking for papers on
# X", "could you please summarize ...", "do you have papers on X?"
_POLITE = re.compile(r"^\s*(?:(?:hi|hello|hey)\s*[,!.]?\s+)?(?:(?:(?:can|could|would|will)\s+you"
                     r"|please|(?:i'm|i\s+am|we're|we\s+are)\s+(?:looking|searching)\s+for"
                     r"|i\s+(?:want|need|would\s+like)(?:\s+to\s+(?:find|see|read))?"
                     r"|(?:do|does)\s+(?:you|it|the\s+corpus)\s+have|help\s+me\s+find)\s+"
                     r"(?:please\s+)?)+", re.IGNORECASE)
# an author called by the last name alone, where the question says it is an author: "papers by
# Bengio (on X)", "what did Bengio work on?", "Bengio's papers" (not "by hand", "by design");
# each author of that name where at most _SURNAME_NAMES have it (Answerer._author_named); where
# more have it, every one's papers on the question's topic, or without one the answer asks which
_BY_IDIOM = (r"(?!(?i:hand|design|default|construction|chance|example|far|contrast|comparison"
             r"|definition|nature|accident|itself|themselves|year|date|topic|venue|relevance)\b)")


def _author_frame(name: str, *, not_by: str = "") -> re.Pattern[str]:
    """Where a question says a ``name`` (a regex) is an author's: "papers by NAME (on X)" (not
    where ``not_by`` matches after "by"), "what (topics) did NAME work on?", "NAME's papers";
    the name in the group ``by``, ``did`` or ``own``."""
    return re.compile(
        rf"\bby\s+{not_by}(?P<by>{name})(?:['\u2019]s)?(?=[\s?.!,]*$|\s+(?:on|about|in|at|from"
        r"|that|which|who|since|before|after|during|and|or|with|stud(?:y|ies|ying)|uses?|using"
        r"|propos\w*|published|work\w*)\b)"
        rf"|^\s*(?:what|which)\s+(?:{WORK_NOUN}\s+)?(?:did|does|has|have)\s+(?P<did>{name})"
        r"\s+(?:work|publish|write|wr[io]t|do|stud|research)"
        rf"|(?<![\w-])(?P<own>{name})['\u2019]s\s+(?:papers?|work|research|publications)\b",
        re.IGNORECASE)


_SURNAME = _author_frame(r"[^\W\d_][\w-]*?", not_by=_BY_IDIOM)
_SURNAME_NAMES = 5
# where a question says a name of two to four words is an author's, whether or not the catalog
# holds it: "papers by Kaiyi Jin (on X)", "what did Peter Abbeel publish?", "Joshua Bengio's
# papers" (Answerer._author_named reads a name no author has as the closest that one does)
_NAME = r"[^\W\d_][\w.-]*(?:\s+[^\W\d_][\w.-]*){1,3}?"
_NAME_FRAME = _author_frame(_NAME)
# a capitalized word just before a last name, no word a question starts with
_FIRST_NAME = re.compile(r"(?<![\w-])(?!(?:summari[sz]e|describe|list|show|find|give|compare"
                         r"|which|what|are|is|did|do|explain)\b)[A-Z][\w-]*\s+$", re.IGNORECASE)
# where a venue's short name typed in lowercase reads as one: "colt 2024 papers", "from uai"
_VENUE_BEFORE = rf"(?=\s+(?:{YEAR}|(?:papers?|orals?|spotlights?|posters?)\b))"
_VENUE_AFTER = r"(?:(?<=from )|(?<=\bat )|(?<=\bin ))"
# a question on what the papers on a topic do: "what problems do papers on X address?" (the
# papers to draw on are those on X; the question is asked of them as written)
_WHAT_DO = re.compile(r"^\s*what\s+(?:[\w-]+\s+){1,2}?(?:do|does|did)\s+(?:the\s+)?(?:papers?|works?"
                      r"|studies|articles)\s+(?:on|about|in)\s+(?P<topic>.+?)\s+[\w-]+\s*[?.!]*$",
                      re.IGNORECASE)
# a question about one paper: "the paper X", or its title in quotes
_ONE_PAPER = re.compile(r"\b(?:the|this|that) paper\b|[\"\u201c\u2018']", re.IGNORECASE)
_HOW_MANY = re.compile(r"^\s*how many\b", re.IGNORECASE)
# a follow-up naming only what changes: "what about federated learning?", "how about
# Stanford?", "and spotlights?" (not "and which of them ...?": a question of its own)
_WHAT_ABOUT = re.compile(r"^\s*(?:(?:and|but|so)\s+)?(?:what|how)\s+about\s+(?P<x>.+?)[\s?.!]*$"
                         r"|^\s*and\s+(?P<y>(?!(?:which|what|who|whom|how|why|where|when|do|does"
                         r"|did|is|are|was|were|can|could|should|would|will|of|among)\b).+?)"
                         r"[\s?.!]*$", re.IGNORECASE)
# what such a follow-up may call the papers before what it names: "the ones from MIT"
_ONES = re.compile(r"^(?:the\s+)?(?:papers?|ones|those|work)\s+(?=(?:on|about|from|by|at|in)\b)",
                   re.IGNORECASE)
_PAPERS_WORD = re.compile(r"\bpapers?\b", re.IGNORECASE)
_WORKED_ON = re.compile(rf"^\s*what\s+(?:{WORK_NOUN}\s+)?(?:did|does|do|has|have)\s+(?P<who>.+?)\s+"
                        r"(?:work(?:ed)?\s+on|publish(?:ed)?|wr[io]te|written|stud(?:y|ied))$",
                        re.IGNORECASE)
# papers two or three named authors wrote together: "papers by A and B", "Which papers did A
# and B write together?", "papers co-authored by A and B", "A's papers with B"; and "as an
# author" (Answerer._plan), no topic words once the names are out
_TOGETHER = re.compile(r"\b(?:and|with|together|jointly|co-?authored|co-?written|co-?authors?)\b",
                       re.IGNORECASE)
_AUTHOR_WORDS = re.compile(r"\b(?:together|jointly|(?:co-?)?authored(?:\s+by)?|co-?written(?:\s+by)?"
                           r"|(?:as|among)\s+(?:an?\s+|the\s+|its\s+)?(?:(?:first|last|senior"
                           r"|corresponding)\s+)?(?:co-?)?authors?)\b|(?:\b(?:and|with)\b\s*)+(?=[\s?.!,]*$"
                           r"|\s+(?:write|wr[io]te|written|publish|work|stud|research))", re.IGNORECASE)
# the verb of "what (topics) did X publish/work on/study ...?", once X is out of it, and the
# noun before it
_DID_VERB = re.compile(rf"^(?P<what>\s*(?:what|which))\s+(?:{WORK_NOUN}\s+)?"
                       r"(?P<aux>did|does|do|has|have)\s+"
                       r"(?:publish(?:ed)?|wr[io]te|write|written|work(?:ed)?(?:\s+on)?"
                       r"|stud(?:y|ied)|research(?:ed)?)\b", re.IGNORECASE)
_NARROW = re.compile(r"^\s*(?:(?:and\s+)?(?:of|among|from|out of)\s+(?:those|these|them|the above)"
                     r"\s*,?\s*|(?:and\s+)?which of (?:those|these|them)\s*)", re.IGNORECASE)
# the prompt's last line, or a lead-in ("The paper on SURGE:"), which tiny models write
# before their sentence
_ECHO = re.compile(r"^\s*(?:one sentence about (?:this|the) paper|(?:the )?paper(?: text| on "
                   r"[^:.]{1,80})?)\s*:\s*", re.IGNORECASE)
_Y = rf"({YEAR})"
_YEAR = re.compile(rf"(?:\b(?:from|in)\s+)?(?<![\w-]){_Y}(?![\w-])", re.IGNORECASE)
# "between 2023 and 2024", "from 2023 to 2024", "2023-2024", "2023 to 2024" (not "2023 and
# 2025": two years)
_YEAR_SPAN = re.compile(rf"\bbetween\s+{_Y}\s+and\s+{_Y}(?![\w-])|(?:\b(?:from|in)\s+)?"
                        rf"(?<![\w-]){_Y}\s*(?:-|\u2013|to)\s*{_Y}(?![\w-])", re.IGNORECASE)
# the words between two years named apart: "2023 or 2025", "2023, 2024 and 2025"
_YEAR_JOIN = re.compile(r"^\s*(?:,\s*)?(?:(?:or|and)\s+)?(?:(?:from|in)\s+)?$", re.IGNORECASE)
# a question's verb after its subject: "from 2024 on study ..." (not "from 2023 on bandits")
_VERB = (r"(?:study|studies|use|uses|propose|proposes|address|addresses|consider|considers|show"
         r"|shows|are|do|does|work)")
# "since 2024", "after 2023", "before 2025", "until 2024", "from 2024 on", "2024 or later"
_YEAR_BOUND = re.compile(rf"\b(since|after|before|until|through|prior to|up to)\s+{_Y}(?![\w-])"
                         rf"|\bfrom\s+{_Y}\s+(?:onwards?\b|on(?=\s*(?:[?.!,;:]|$)|\s+{_VERB}\b))"
                         rf"|(?<![\w-]){_Y}\s+(?:or|and)\s+(later|after|earlier|before)\b",
                         re.IGNORECASE)


def _years_named(query: str, catalog_years: set[int]) -> tuple[str, Filters]:
    """The years a question names, as a filter (``year``, ``since``, ``until``, ``year_in``),
    and the question without them; an empty filter where it names none, or a year the catalog
    does not hold among years named apart ("the WMT 2014 benchmark"), or years named apart
    that are not one list ("2023 or 2025", "2023, 2024 and 2025")."""
    if m := _YEAR_SPAN.search(query):
        lo, hi = sorted(int(y) for y in m.groups() if y)
        return query[:m.start()] + " " + query[m.end():], Filters(since=lo, until=hi)
    if m := _YEAR_BOUND.search(query):
        since: int | None
        until: int | None
        if m.group(3):  # from 2024 on
            since, until = int(m.group(3)), None
        elif m.group(4):  # 2024 or later, 2024 and earlier
            y = int(m.group(4))
            since, until = (y, None) if m.group(5).lower() in ("later", "after") else (None, y)
        else:
            y = int(m.group(2))
            since, until = {"since": (y, None), "after": (y + 1, None), "before": (None, y - 1),
                            "prior to": (None, y - 1)}.get(" ".join(m.group(1).lower().split()),
                                                            (None, y))  # until, through, up to
        return query[:m.start()] + " " + query[m.end():], Filters(since=since, until=until)
    found = list(_YEAR.finditer(query))
    years = sorted({int(m.group(1)) for m in found})
    if not years or not set(years) <= catalog_years or not all(
            _YEAR_JOIN.match(query[a.end():b.start()]) for a, b in zip(found, found[1:])):
        return query, Filters()
    if len(years) == 1:
        return _YEAR.sub(" ", query), Filters(year=years[0])
    rest = query[:found[0].start()] + " " + query[found[-1].end():]  # the years and their joins
    if years == list(range(years[0], years[-1] + 1)):  # "2023 or 2024": a span
        return rest, Filters(since=years[0], until=years[-1])
    return rest, Filters(year_in=tuple(years))


_PRONOUN = re.compile(r"\b(it|its|they|their|them|those|these)\b", re.IGNORECASE)
# a follow-up picking papers of the last listing by their place in it: "tell me more about the
# first one", "what does paper 3 propose?", "summarize [2] and [5]", "the first three papers",
# "the last one" (Answerer._read)
_ORDINALS = {word: place for place, word in enumerate(
    ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
     "tenth"))}
_ORDINAL = rf"(?P<ord>{'|'.join(_ORDINALS)}|last)(?:\s+(?P<n>two|three|four|five|\d))?"
_PICKED = re.compile(
    r"\[\d{1,3}\](?:\s*(?:,|and|&|or)?\s*\[\d{1,3}\])*"
    r"|\b(?:papers?|items?|results?|numbers?|nos?\.?)\s*#?\d{1,3}(?:\s*(?:,|and|&|or)\s*#?\d{1,3})*"
    r"(?![\w.])|#\d{1,3}\b"
    # "the first (three) papers", or at the end "the last (one) (of them)"
    rf"|\bthe\s+{_ORDINAL}(?:\s+(?:ones?|papers?|results?|items?)\b(?!\s+(?:to|that|which|who)\b)"
    r"|(?:\s+(?:one\s+)?(?:of\s+(?:them|those|these)|listed|on\s+the\s+list|in\s+the\s+list))?"
    r"(?=[\s?.!]*$))", re.IGNORECASE)
# no question about papers: a greeting, thanks, or a question about PaperChat itself
_GREETING = re.compile(r"^\s*(?:hi|hello|hey|hiya|greetings|good\s+(?:morning|afternoon|evening))"
                       r"(?:\s+there)?[\s!.,]*$", re.IGNORECASE)
_THANKS = re.compile(r"^\s*(?:(?:many\s+)?thanks?(?:\s+you)?|thank\s+you|thx|ty|great|perfect|ok(?:ay)?"
                     r"|cool|nice|awesome|got\s+it)(?:\s+(?:a\s+lot|so\s+much|very\s+much))?"
                     r"[\s!.,]*$", re.IGNORECASE)
_HELP = re.compile(r"^\s*(?:help|what\s+can\s+you\s+do|what\s+do\s+you\s+do|how\s+do\s+i\s+use"
                   r"\s+(?:this|you|it)|who\s+are\s+you|what\s+are\s+you)[\s?!.]*$", re.IGNORECASE)
# where or when the papers appeared, no topic word: "which papers on X came out in 2025?",
# "... were published at COLT?", "which venues have papers on X?" (each listed paper names it)
_APPEARED = re.compile(r"\s*\b(?:(?:were|was|been|got)\s+(?:published|released|presented|accepted)"
                       r"|c[ao]me\s+out|appeared)(?=\s+(?:in|at|on|during|since|before|after)\b"
                       r"|[\s?.!]*$)", re.IGNORECASE)
_WHICH_VENUES = re.compile(r"^\s*(?:which|what)\s+(?:venues?|conferences?|years?)\s+(?:have|had|has"
                           r"|publish(?:ed)?|feature[sd]?|include[sd]?)\b", re.IGNORECASE)
# who (which institution, venue) has the most papers on a topic, how many a year, or which areas
# they are in: "Who are the most prolific authors on X?", "Which institutions publish most on
# X?", "the top venues for X", "How many papers on X per year?", "What are the main themes of
# NeurIPS 2023?" (the papers on X, or of NeurIPS 2023, counted by each)
_PROLIFIC = r"(?:most\s+(?:prolific|active|productive|frequent)|top|leading)"
_PEOPLE_NOUN = r"(?:authors?|researchers?|people|contributors?)"
_INSTITUTION_NOUN = r"(?:institutions?|universities|labs?|organi[sz]ations?|companies|affiliations?)"
_VENUE_NOUN = r"(?:venues?|conferences?)"
_MOST = (r"(?:(?:has|have|had)\s+(?:written\s+|published\s+)?(?:the\s+)?most(?:\s+papers)?"
         r"|(?:publish|write|work|research)(?:es|s|ed)?\s+(?:the\s+)?most|wr[io]te\s+(?:the\s+)?most"
         rf"|(?:is|are|was|were)\s+(?:the\s+)?{_PROLIFIC}(?:\s+[a-z]+)?)")
_TALLY = re.compile(
    rf"^\s*(?:(?P<author>who|(?:which|what)\s+{_PEOPLE_NOUN})|(?:which|what)\s+(?P<affiliation>"
    rf"{_INSTITUTION_NOUN})|(?:which|what)\s+(?P<venue>{_VENUE_NOUN}))\s+{_MOST}(?:\s+papers)?"
    rf"|^\s*(?:(?:who|what|which)\s+(?:are|were|is)\s+|(?:list|show|name)(?:\s+me)?\s+)?(?:the\s+)?"
    rf"{_PROLIFIC}\s+(?:(?P<author2>{_PEOPLE_NOUN})|(?P<affiliation2>{_INSTITUTION_NOUN})"
    rf"|(?P<venue2>{_VENUE_NOUN}))"
    r"|(?<=\S)\s+(?:per|by|each|a|every)\s+(?P<year>year)\b(?=[\s?.!]*$)"
    # "What are the main themes of NeurIPS 2023?": the papers counted by their area
    r"|^\s*(?:what|which)\s+(?:are|were|is)\s+the\s+(?:(?:main|key|major|common|popular|hot|top"
    r"|biggest|most\s+common)\s+)?(?P<area>themes?|topics?|areas?|trends?|research\s+areas?"
    r"|subjects?)\s+(?:of|in|at|among|across|covered\s+(?:by|in|at))\b", re.IGNORECASE)
# "how many (are there)?" after a listing: how many it holds
_HOW_MANY_LISTED = re.compile(
    r"^\s*(?:and\s+)?how\s+many(?:\s+(?:papers|ones|results))?(?:\s+(?:are\s+there|is\s+that"
    r"|of\s+(?:them|those|these)|did\s+you\s+find|were\s+found|in\s+total|in\s+all))?[\s?.!]*$",
    re.IGNORECASE)

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
class Turn:
    question: str
    standalone: str
    paper_ids: list[str]
    answer: str
    picked: bool = False  # on papers of an earlier listing by their place ("the first one")


@dataclass
class Conversation:
    """The chat so far; follow-up questions are resolved against its last turn."""

    turns: list[Turn] = field(default_factory=list)

    @property
    def last(self) -> Turn | None:
        return self.turns[-1] if self.turns else None

    @property
    def listed(self) -> Turn | None:
        """The last turn that did not pick papers of another by their place: the one whose
        listing "the second one" or "paper 3" picks from."""
        return next((t for t in reversed(self.turns) if not t.picked), None)

    def history(self) -> list[tuple[str, str]]:
        return [(t.question, t.answer) for t in self.turns]


class _AuthorNamed(NamedTuple):
    """An author a question names (:meth:`Answerer._author_named`)."""

    name: str  # as the catalog holds it; "A or B" for each author of a last name
    words: str  # the question's words naming it
    many: tuple[str, ...] = ()  # a last name too many authors have: all of them
    misspelled: bool = False  # ``words`` name no author; ``name`` is the closest


@dataclass
class _Plan:
    kind: Kind
    query: str                         # retrieval query (metadata filters removed)
    filters: Filters
    scope: list[str] | None = None     # narrowing: only these papers
    topic: str = ""                    # what the first line of a listing names
    standalone: str = ""               # the question made self-contained (follow-ups)
    author: str = ""                   # an author named in the question (exact match)
    author_shown: str = ""             # ... as the first line names it, where not so
    author_typed: str = ""             # ... as the question wrote it, where no author is so named
    coauthors: tuple[str, ...] = ()    # ... and those who wrote the papers with that author
    whole_scope: bool = False          # "what do they prove?": all of ``scope``, best first
    sides: tuple[str, ...] = ()        # "compare LoRA and prefix tuning", "LoRA or adapters"
    side_counts: list[int] = field(default_factory=list)  # papers found for each side
    judged: bool = False               # "the best paper on X": a judgement abstracts cannot make
    citing: bool = False               # "which papers cite X?": those naming X instead
    newest_first: bool = False         # "recent papers on X": listed by year, newest first
    without: str = ""                  # "bandits but not regret": papers naming it are left out
    limit: int | None = None           # "give me three papers on X": written out (all counted)
    like: str = ""                     # "papers similar to X": the id of the paper titled X
    like_text: str = ""                # "papers related to this abstract: ...": the passage
    left_out: int = 0                  # papers found but left out for naming ``without``
    only_left_out: bool = False        # "which papers don't use X?": no topic to list
    no_affiliations: str = ""          # "papers from MIT" where no paper gives affiliations
    institution_dropped: bool = False  # ... and the search is on the question's topic alone
    respelled: list[tuple[str, str]] = field(default_factory=list)  # ("lerning", "learning")
    ambiguous: list[str] = field(default_factory=list)  # "by Li": the many authors named so
    picked: bool = False               # "the first one": papers of the last listing
    recount: bool = False              # "how many are there?": the last answer's papers
    reply: str = ""                    # "hello", "thanks": what to say, with no search
    tally: str = ""                    # "the most prolific authors on X": count by "author",
    #                                    "affiliation", "venue", "year" or "area"

    def judges_nothing(self) -> bool:
        """A judgement between nothing named: "what is the best paper?"."""
        return (self.judged and self.scope is None and not query_terms(self.query)
                and not self.filters.active())


# ---- the answerer -------------------------------------------------------------------------
class Answerer:
    """Answers questions over a store; the LLM is created on first use by ``llm_factory``."""

    def __init__(self, retriever: Retriever, index: PaperIndex, llm_factory: Callable[[], Any],
                 settings: Settings, *, words: frozenset[str] = frozenset()) -> None:
        """``words``: words of the language, never read as misspellings however rare in the
        corpus ("bread" is no "broad"; the embedder's vocabulary, :meth:`_respelled`)."""
        self.retriever = retriever
        self.index = index
        self.llm_factory = llm_factory
        self.settings = settings
        self.words = words
        self.trace: list[list[dict[str, str]]] = []  # every prompt sent, for benchmarks/debugging

    # -- planning ---------------------------------------------------------------------------
    def plan(self, question: str, conversation: Conversation | None,
             filters: Filters | None) -> _Plan:
        """What to search and how to answer (:meth:`_read`), for the question as it is meant:
        names typed in lowercase in capitals (:meth:`_written`: "papers from mit"), without a
        polite lead (:data:`_POLITE`: "can you find papers on X?"), its misspelled words
        respelled (:meth:`_respelled`: "federated lerning"; the answer says so). A greeting or
        thanks is answered without a search (:meth:`_reply`), a passage given by the papers
        closest to it (:meth:`_passage`)."""
        if reply := self._reply(question):
            return _Plan("summary", "", Filters(), reply=reply)
        question = self._written(question)
        question = _POLITE.sub("", question) or question
        if plan := self._passage(question, filters):
            return plan  # its words as written
        question, respelled = self._respelled(question)
        plan = self._read(question, conversation, filters)
        plan.respelled = respelled + plan.respelled
        return plan

    def _reply(self, question: str) -> str:
        """What to say to a greeting, thanks or a question about PaperChat itself ("hello",
        "thanks!", "what can you do?"): what it can be asked, with a name of the catalog; ''
        for any other question."""
        if _THANKS.match(question):
            return prompts.THANKS
        if not (_GREETING.match(question) or _HELP.match(question)):
            return ""
        authors = self.index.author_papers()
        author = max(authors, key=lambda a: (authors[a], a)) if authors else ""
        count = self.index.count()
        return prompts.render(prompts.HELP, count=f"{count:,}", s="" if count == 1 else "s",
                              author=f" \u201cWhat did {neutralize(author)} work on?\u201d," if author
                              else "")

    def _passage(self, question: str, filters: Filters | None) -> _Plan | None:
        """The papers closest in meaning to a passage the question gives (:data:`_PASSAGE`:
        "Find papers related to this abstract: We propose ...", "papers similar to" a text no
        paper is titled, a pasted abstract), within the filters the words before it name
        ("COLT papers similar to ..."); None where it gives none."""
        text = ""
        if m := _PASSAGE.search(question):
            text, before = m.group("text"), question[:m.start("text")]
        if len(text.split()) < _PASSAGE_WORDS and (m := _LIKE.search(question)):
            like = re.sub(r"^(?:[\w-]+\s+){0,4}[\w-]+\s*:\s*", "", m.group("title"))  # "this
            if len(like.split()) >= _PASSAGE_WORDS and not self._paper_titled(like):  # idea: ..."
                text, before = like, question[:m.start()]
        if len(text.split()) < _PASSAGE_WORDS:
            text, before = question, ""
            if len(text.split()) < _PASTED_WORDS or len(split_sentences(text)) < 2:
                return None
        _, where, _ = self._named_filters(before, filters or Filters())
        text = " ".join(text.split())
        words = text.split()
        shown = " ".join(words[:8]) + ("\u2026" if len(words) > 8 else "")
        return _Plan("listing", text, where, topic=shown, standalone=question, like_text=text)

    def _respelled(self, question: str) -> tuple[str, list[tuple[str, str]]]:
        """``question`` with each lowercase word no paper writes replaced by the word the
        papers write that it most likely misspells (:meth:`PaperIndex.respelled`: "federated
        lerning" -> "federated learning"; a hyphenated word's parts too; not a venue's name),
        and the (word, replacement) pairs. A word of the language (:attr:`words`: "bread")
        is no misspelling."""
        venues = {w.lower() for v in self.index.venue_names() for w in v.split()}
        pairs: list[tuple[str, str]] = []

        def respell(m: re.Match[str]) -> str:
            word = m.group(0)
            new = self.index.respelled(word) if is_term(word) and word not in venues and (
                word not in self.words) else ""
            if new:
                pairs.append((word, new))
            return new or word

        return re.sub(r"(?<![\w'])[a-z]{5,}(?![\w'])", respell, question), pairs

    def _read(self, question: str, conversation: Conversation | None,
              filters: Filters | None) -> _Plan:
        """What to search and how to answer. Before :meth:`_plan` reads the question's kind,
        topic and filters, what is no topic word comes out of it, in this order:

        - who (which institution, venue) has the most papers on a topic, or how many a year
          (:data:`_TALLY`: "Who are the most prolific authors on X?"): "which papers on X?",
          the papers counted by each (:func:`_tallied`);
        - "which authors" (:data:`_WHO_WORD`): "who", every author shown, and the verb of
          "who wrote papers on X?" (:data:`_WHO_WROTE`);
        - "which venues have papers on X?" (:data:`_WHICH_VENUES`): "which papers on X?";
        - "orals", "spotlights", "posters" (:data:`_STATUS_NOUN`): "oral papers", a status to
          filter on (:meth:`_named_filters`);
        - an institution naming the papers (:func:`rag.institutions.as_from`: "Which MIT
          papers study X?", "What did MIT publish on X?"): "papers from MIT", an institution
          to filter on;
        - when the papers appeared (:data:`_APPEARED`: "which papers on X came out in
          2025?"): "which papers on X in 2025?";
        - an order (:data:`_ORDER`: "the most relevant papers", "recent papers": newest first);
        - "papers similar to X" (:data:`_LIKE`), where a paper is titled X: its neighbours;
        - the asking verb (:data:`_ASKED_VERB`: "which paper introduced DPO?");
        - "what problems do papers on X address?" (:data:`_WHAT_DO`): the papers on X;
        - a number (:data:`_COUNT`: "give me three papers on X": three written out);
        - a topic left out (:data:`_WITHOUT`: "bandits but not regret"), where one is left;
        - citations asked for (:data:`_CITING`: "which papers cite DPO?"): those naming DPO,
          and a first line saying abstracts hold no reference lists;
        - a judgement the abstracts cannot make (:data:`_JUDGE`: "the best paper on X"): the
          listing of what it would judge between.

        :meth:`_plan` then reads "compare A and B" and "A or B" (:func:`_sides`).

        A follow-up picking papers of the last listing by their place (:data:`_PICKED`: "tell
        me more about the first one", "what does paper 3 propose?") is a summary of those;
        "how many are there?" (:data:`_HOW_MANY_LISTED`) lists the papers of the last list
        again (not of such a pick) under their count."""
        prev = conversation.last if conversation else None
        listed = conversation.listed if conversation else None
        if listed and (picked := _picked(question, listed.paper_ids)):
            ids, rest = picked  # "tell me more about the first one": a summary of it
            return _Plan("summary", f"{_topic(listed.standalone)} {rest}", filters or Filters(),
                         scope=ids, topic=_topic(listed.standalone), whole_scope=True,
                         standalone=listed.standalone, picked=True)
        if listed and listed.paper_ids and _HOW_MANY_LISTED.match(question):
            return _Plan("listing", "", filters or Filters(), scope=list(listed.paper_ids),
                         topic=_shown_topic(_topic(listed.standalone)), whole_scope=True,
                         standalone=listed.standalone, recount=True)  # "how many are there?"
        if prev and (alone := self._what_about(question, prev.standalone)):
            return self.plan(alone, None, filters)  # "what about X?": the last question on X
        tally = ""
        if (m := _TALLY.search(question)) and (not m.group("year") or _HOW_MANY.search(question)):
            tally = next(k.rstrip("2") for k, v in m.groupdict().items() if v)
            question = (f"{question[:m.start()]}{question[m.end():]}" if tally == "year"
                        else f"Which papers {question[m.end():].strip()}")
        question = _WHO_WORD.sub("Who", question)  # "which authors work on X?"
        question = _WHO_WROTE.sub(r"\1", question)  # "who wrote papers on X?"
        question = _WHICH_VENUES.sub("Which", question)  # "which venues have papers on X?"
        question = _STATUS_NOUN.sub(r"\1 papers", question)  # "which orals study X?"
        question = as_from(question)  # "Which MIT papers ...", "What did MIT publish on X?"
        question = _APPEARED.sub("", question)  # "which papers on X came out in 2025?"
        newest = any(m.group(2) for m in _ORDER.finditer(question))
        question = " ".join(_ORDER.sub(" ", question).split())
        if m := _LIKE.search(question):
            if paper := self._paper_titled(m.group("title")):  # among a venue's, a year's
                _, where, _ = self._named_filters(question[:m.start()], filters or Filters())
                return _Plan("listing", paper.title or paper.label, where,
                             topic=paper.title or paper.label, standalone=question,
                             like=paper.paper_id)
            # no such title: papers on those words ("similar to zeroth-order methods")
            question = f"{question[:m.start()]} on {m.group('title')}?"
        question = _ASKED_VERB.sub(r"\1", question)
        if m := _WHAT_DO.search(question):  # "what problems do papers on X address?"
            question = f"Summarize the papers on {m.group('topic')}."
        limit = None
        if m := _COUNT.search(question):  # "give me three papers on X": three written out
            word = m.group(1).lower()
            limit = max(1, min(int(word) if word.isdigit() else _NUMBERS[word], 20))
            question = question[:m.start()] + question[m.end():]
        without = ""
        if (m := _WITHOUT.search(question)) and query_terms(m.group("x")):
            if not (query_terms(question[:m.start()]) or (prev and _NARROW.search(question))):
                # "which papers don't use deep learning?": nothing named to list
                return _Plan("listing", "", filters or Filters(), standalone=question,
                             without=m.group("x").strip(), only_left_out=True)
            # "which papers study bandits but not regret?", "of those, which are not on regret?"
            question, without = question[:m.start()] + "?", m.group("x").strip()
        citing = bool(_CITING.search(question)) and bool(_LISTING.search(question))
        if citing:  # "which papers cite DPO?": those naming it
            question = " ".join(_CITING.sub(" ", question).split())
        judged = bool(_JUDGE.search(question))
        if judged:
            question = " ".join(_JUDGE.sub(lambda j: f" {j.group('mid') or ''} papers ",
                                           question).split())
        institution, dropped = self._unmatchable_institution(question)
        if dropped:  # "papers from Stanford on X" where no paper gives affiliations: on X
            question = " ".join(question.replace(dropped, " ", 1).split())
        plan = self._plan(question, conversation, filters)
        plan.judged, plan.newest_first, plan.without, plan.limit = judged, newest, without, limit
        if tally:  # "who are the most prolific authors on X?": the papers on X, counted
            plan.tally = tally
            plan.kind = "listing" if plan.kind == "summary" else plan.kind
        plan.citing = citing
        plan.no_affiliations, plan.institution_dropped = institution, bool(dropped)
        if (judged or without) and plan.scope is not None and not query_terms(plan.query):
            plan.whole_scope = True  # "of those, which is the best?": all of them
            plan.topic = _shown_topic(_topic(prev.standalone)) if prev else plan.topic
        return plan

    def _plan(self, question: str, conversation: Conversation | None,
              filters: Filters | None) -> _Plan:
        filters = filters or Filters()
        prev = conversation.last if conversation else None
        if prev and prev.paper_ids and _NARROW.search(question):
            rest = _NARROW.sub("", question).strip(" ?,.")
            rest = re.sub(r"^(which|what)\s+(ones?\s+)?(are|is|were|do|does|use|study)?\s*", "",
                          rest, flags=re.IGNORECASE) or rest
            rest, filters, named = self._named_filters(rest, filters)
            every = bool(named) and not query_terms(rest)  # "which of them are from 2025?"
            sides, either = _either(rest)  # "of those, which use A or B?"
            return _Plan("listing", rest, filters, scope=list(prev.paper_ids),
                         topic=either or (named if every else _shown_topic(rest)),
                         standalone=f"{prev.standalone} ({rest or named})", whole_scope=every,
                         sides=sides)
        query = _HOW_MANY.sub("which", question)  # "many" is no topic word
        follow_up = bool(prev and _PRONOUN.search(question))
        if prev and follow_up:  # "what lower bounds do they prove?"
            query = f"{_topic(prev.standalone)} {question}"
        standalone = query
        query, filters, named = self._named_filters(query, filters)
        kind: Kind = "listing" if _LISTING.search(question) else "summary"
        name, words, many, misspelled = self._author_named(query)
        typed = words if misspelled else ""
        if (name or many) and not filters.author:
            rest = " ".join(re.sub(rf"{re.escape(words)}(?:['\u2019]s\b)?", " ", query).split())
            rest, name, together = (self._other_authors(rest, name) if name and not (
                many or misspelled) else (rest, name, ()))  # "papers by A and B", "A or B"
            rest = " ".join(_AUTHOR_WORDS.sub(" ", rest).split())  # "with B", "as an author"
            rest = _DID_VERB.sub(r"\g<what> \g<aux>", rest)  # "what (topics) did (X) publish
            # in 2024?": no topic
            both = _and_list([name, *together])  # "Sergey Levine and Chelsea Finn"
            # many authors of the last name: the substring filter, then each of their names
            shown, where = (f"an author named {words}", words) if many else (both, name)
            if query_terms(rest) and (kind == "listing" or not follow_up):
                # "which papers by Yoshua Bengio study GFlowNets?": a listing among theirs;
                # "summarize Yoshua Bengio's papers on GFlowNets": a summary of those ("what
                # lower bounds do they prove?" after "what did X work on?": all of theirs);
                # "which papers by Ji study bilevel optimization?": among every Ji's
                sides, either = _either(rest) if kind == "listing" else ((), "")
                return _Plan(kind, rest, replace(filters, author=where),
                             topic=either or _shown_topic(rest), standalone=standalone,
                             author=" or ".join(many) or name, author_shown=shown, sides=sides,
                             author_typed=typed, coauthors=together)
            if many:  # "What did Li work on?": which Li?
                return _Plan(kind, query, filters, topic=words, standalone=standalone,
                             ambiguous=list(many))
            return _Plan("metadata", rest, replace(filters, author=name), topic=both,
                         standalone=standalone, author=name, author_shown=both,
                         author_typed=typed, coauthors=together)
        area = self.index.match_area(query)
        if area and not filters.area:
            return _Plan("metadata", re.sub(re.escape(area.split(" · ")[-1]), " ", query,
                                            flags=re.IGNORECASE),
                         replace(filters, area=area), topic=area, standalone=standalone)
        if named and not query_terms(query):  # "which papers are from COLT 2024?": all of them
            return _Plan("metadata", query, filters, topic=named, standalone=standalone)
        if not follow_up and not _LISTING.search(question) and (m := _COMPARE.search(query)):
            first, last = (x for x in m.groups() if x)  # "A, B and C", "A with B and C"
            if sides := _sides(first, last, r",|\s+and\s+"):
                return _Plan("summary", query, filters, topic=" vs ".join(sides),
                             standalone=standalone, sides=sides)
        if kind == "listing" and not follow_up:
            sides, either = _either(query)
            if sides:  # "which papers use LoRA or adapters?": the papers on either, not both
                return _Plan(kind, query, filters, topic=either, standalone=standalone,
                             sides=sides)
        if prev and follow_up and prev.paper_ids and kind == "summary":
            # "they" are the papers of the previous answer: those, the closest first
            return _Plan(kind, query, filters, scope=list(prev.paper_ids), topic=_topic(query),
                         standalone=standalone, whole_scope=True)
        return _Plan(kind, query, filters, topic=_shown_topic(query), standalone=standalone)

    def _written(self, question: str) -> str:
        """``question`` with the institutions and venues it names in capitals where it is typed
        in lowercase (:func:`rag.institutions.capitalized`; a venue's name under five
        characters before a year or "papers", or after "from", "at" or "in": "colt 2024
        papers" -> "COLT 2024 papers"); as it was otherwise."""
        if not typed_in_lowercase(question):
            return question
        for venue in self.index.venue_names():
            if len(venue) < 5 and venue.lower() != venue:
                low = re.escape(venue.lower())
                question = re.sub(rf"{_VENUE_AFTER}{low}(?![\w-])|(?<![\w-]){low}{_VENUE_BEFORE}",
                                  venue, question)
        return capitalized(question)

    def _author_named(self, query: str) -> _AuthorNamed:
        """The author ``query`` names and the words naming it: a name of the catalog, any case
        (:meth:`PaperIndex.author_spans`); or a last name where the question says it is an
        author's (:data:`_SURNAME`: "papers by Bengio"; capitalized, or any case in a question
        typed in lowercase), each author of that name ("Samy Bengio or Yoshua Bengio") where
        at most :data:`_SURNAME_NAMES` have it, else ('', the name, every author of it: which
        one is meant cannot be told); or, where the question says a name no author has is an
        author's (:data:`_NAME_FRAME`: "what did Kaiyi Jin work on?"), the closest names of
        the catalog (:meth:`PaperIndex.authors_like`: "Kaiyi Ji"), ``misspelled``. ('', '', [])
        if none."""
        for name, words in self.index.author_spans(query)[:1]:
            return _AuthorNamed(name, words)
        lowercase = typed_in_lowercase(query)
        for m in _SURNAME.finditer(query):
            word = next(w for w in m.groups() if w)
            if m.group("own") and _FIRST_NAME.search(query[:m.start()]):
                continue  # "John Bengio's papers": a name the catalog does not hold
            names = self.index.authors_surnamed(word)
            if names and (word[:1].isupper() or lowercase):
                return (_AuthorNamed(" or ".join(names), word) if len(names) <= _SURNAME_NAMES
                        else _AuthorNamed("", word, tuple(names)))
        for m in _NAME_FRAME.finditer(query):
            parts = next(w for w in m.groups() if w).split()  # "summarize Joshua Bengio": its
            for size in range(len(parts), 1, -1):  # last two words
                for start in range(len(parts) - size + 1):
                    typed = " ".join(parts[start:start + size])
                    if names := self.index.authors_like(typed, most=_SURNAME_NAMES):
                        return _AuthorNamed(" or ".join(names), typed, misspelled=True)
        return _AuthorNamed("", "")

    def _other_authors(self, rest: str, name: str) -> tuple[str, str, tuple[str, ...]]:
        """A question naming other authors (up to two) beside ``name`` (``rest``: the question
        without it): ``rest`` without them, the author filter, and the authors who wrote the
        papers with ``name``. "papers by A or B": the papers of either ("A or B", ());
        "papers by A and B", "A's papers with B", "co-authored by A and B": those they wrote
        together (A, (B,)). As it was where it names no other, or joins them by no such word."""
        others = [(n, w) for n, w in self.index.author_spans(rest) if n != name][:2]
        # "or" joining the names, not the topic's ("by A and B on X or Y")
        either = any(re.search(rf"\bor\s+{re.escape(w)}", rest, re.IGNORECASE) for _, w in others)
        if not others or not (either or _TOGETHER.search(rest)):
            return rest, name, ()
        for _, written in others:
            rest = re.sub(rf"(?:\bor\s+)?{re.escape(written)}(?:['\u2019]s\b)?", " ", rest)
        names = tuple(other for other, _ in others)
        return (rest, " or ".join([name, *names]), ()) if either else (rest, name, names)

    def _what_about(self, question: str, last: str) -> str | None:
        """A follow-up naming only what changes ("what about federated learning?", "and
        spotlights?", "how about Stanford?", "what about COLT 2025?", "what about Heng Huang?")
        as the last question (``last``, made standalone) with it in place of what that named of
        its kind: its status, venue and years, institution, author, or else its topic (its
        words from the first content word to the last, filters left out); added where the last
        question named none. None where the question is no such follow-up, or names "them"."""
        m = _WHAT_ABOUT.match(question)
        x = _ONES.sub("", (m.group("x") or m.group("y") or "").strip()) if m else ""
        if not x or _PRONOUN.search(x):
            return None

        status_x = _STATUS_NOUN.sub(r"\1 papers", x)
        status, words = self.index.match_status(status_x)
        if status and not query_terms(status_x.replace(words, " ")):
            if (old := self.index.match_status(last)[1]) or not _PAPERS_WORD.search(last):
                return _put(last, words, old)
            return _PAPERS_WORD.sub(words, last, count=1)  # "papers": "spotlight papers"
        years = self.index.years()
        venue, (rest, named_years) = self.index.match_venue(x), _years_named(x, years)
        if (venue or named_years.active()) and not query_terms(
                re.sub(re.escape(venue), " ", rest) if venue else rest):
            before = last
            if venue and (old := self.index.match_venue(last)):
                before = re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", " ", before)
            if named_years.active():
                before = _years_named(before, years)[0]
            return _put(" ".join(before.split()), x, "")
        probe = x if re.match(r"(?i)(?:from|at|affiliated)\b", x) else f"from {x}"
        institution = self._institution_named(probe)[0]
        if institution and not query_terms(probe.replace(institution, " ", 1)):
            return _put(last, f"from {institution}", self._institution_named(last)[1],
                        after_papers=True)
        # a misspelled name as typed: read (and said so) when the question is planned
        authors = self.index.author_spans(x) or ([(x, x)] if self.index.authors_like(x) else [])
        named_last = self._author_named(last)[1]  # a name, or a last name alone
        if authors and not query_terms(x.replace(authors[0][1], " ")):
            if named_last:
                return last.replace(named_last, authors[0][0], 1)
            return _put(last, f"by {authors[0][0]}", "", after_papers=True)
        if named_last and re.fullmatch(r"[^\W\d_][\w-]*", x) and (
                x[:1].isupper() or typed_in_lowercase(question)) and (
                self.index.authors_surnamed(x)):  # "what about Bengio?" after an author's
            return last.replace(named_last, x, 1)
        topic = re.sub(r"^(?:on|about|in|for)\s+", "", x, flags=re.IGNORECASE)
        stripped = self._named_filters(last, Filters())[0]
        for _, words in self.index.author_spans(stripped)[:1]:
            stripped = stripped.replace(words, " ")
        content = [w for w in re.finditer(r"[\w'-]+", stripped) if is_term(w.group(0).lower())]
        if not content:  # "which papers are from COLT 2024?", "what did Ann Lee work on?"
            base = _WORKED_ON.sub(r"Which papers by \g<who>", re.sub(r"[\s?.!]*$", "", last))
            return f"{base} on {topic}?"
        span = stripped[content[0].start():content[-1].end()]
        return " ".join(last.replace(span, topic, 1).split()) if span in last else None

    def _institution_named(self, text: str) -> tuple[str, str]:
        """The institution ``text`` names after "from", "at" or "affiliated with", and the
        words naming it: one an affiliation in the catalog names
        (:meth:`PaperIndex.match_affiliation`), or, where no paper gives affiliations, the
        first that reads as one (:func:`rag.institutions.looks_like_institution`); ('', '')."""
        if self.index.affiliations_given()[0]:
            return self.index.match_affiliation(text)
        return next(((name, words) for name, words in institution_candidates(text)
                     if looks_like_institution(name)), ("", ""))

    def _unmatchable_institution(self, question: str) -> tuple[str, str]:
        """Where no indexed paper gives affiliations, an institution the question asks for
        (:meth:`_institution_named`): its name, and the words naming it where the question has
        a topic without them (they are then left out of the search); ('', '') otherwise."""
        if self.index.affiliations_given()[0]:
            return "", ""
        name, words = self._institution_named(question)
        return name, words if name and query_terms(question.replace(words, " ", 1)) else ""

    def _named_filters(self, query: str, filters: Filters) -> tuple[str, Filters, str]:
        """A venue, years, a status and an institution the question names ("Which COLT 2024
        papers study bandits?", "papers since 2024 on ...", "oral papers on X", "papers from MIT
        on Y"): the question without them (and a "from", "in" or "at" before them), the filters
        with them where none is set for them (a filter set in the UI wins), and what it named
        ("COLT 2024 orals", :func:`_scope_named`; '' if nothing). A year alone counts where the
        catalog holds it ("the WMT 2014 benchmark" in a 2023 corpus stays a word); a span
        ("since 2024", "2023-2024", "before 2025") always; a status where the catalog's hold its
        word (:meth:`PaperIndex.match_status`); an institution where an affiliation names it
        (:meth:`PaperIndex.match_affiliation`)."""
        venue = self.index.match_venue(query)
        query, years = _years_named(query, self.index.years())
        status, words = self.index.match_status(query)
        query = query.replace(words, " ", 1) if status else query
        if venue:  # as match_venue found it, with a "from", "in" or "at" before it
            query = re.sub(rf"(?:\b(?i:from|in|at)\s+)?(?<![\w-]){re.escape(venue)}(?![\w-])",
                           " ", query, flags=re.IGNORECASE if len(venue) >= 5 else 0)
        institution, words = self.index.match_affiliation(query)
        query = query.replace(words, " ", 1) if institution else query
        if not (venue or years.active() or status or institution):
            return query, filters, ""
        filters = replace(filters, venue=filters.venue or venue, status=filters.status or status,
                          affiliation=filters.affiliation or institution)
        if years.active() and not filters.has_years():
            filters = replace(filters, year=years.year, since=years.since, until=years.until,
                              year_in=years.year_in)
        named = _scope_named(replace(years, venue=venue, status=status, affiliation=institution))
        return " ".join(query.split()), filters, named

    # -- retrieval --------------------------------------------------------------------------
    def relevant(self, plan: _Plan, k: int | None = None) -> list[SearchHit]:
        """Every paper above the relevance cut, best first (not a fixed top-k; newest first
        where asked), less those naming a topic the question leaves out
        (:attr:`_Plan.without`; each of "X, Y or Z"), as a listing's topic is named: every
        word, together where it is a phrase."""
        hits = self._relevant(plan, k)
        if plan.author:  # the filter matches substrings ("Yang Li" in "Yang Liu")
            names = {name.lower() for name in name_parts(plan.author)}
            hits = [h for h in hits if any(a.lower() in names for a in h.paper.authors)]
        if plan.coauthors:  # "papers by A and B": those B wrote too
            hits = [h for h in hits if {c.lower() for c in plan.coauthors} <= {
                a.lower() for a in h.paper.authors}]
        found = len(hits)
        for topic in re.split(r"\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|nor)\s+", plan.without):
            if hits and query_terms(topic):  # "except X, Y or Z": each
                cov = self.index.coverage(topic)
                phrase = self.index.phrase_matches(topic)
                hits = [h for h in hits if not _names_topic(
                    cov.get(h.paper.paper_id, 0.0), phrase is None or h.paper.paper_id in phrase)]
        plan.left_out = found - len(hits)
        if plan.newest_first and plan.kind != "summary":  # each group of the header apart;
            hits.sort(key=lambda h: (h.names_topic is False, -(h.paper.year or 0)))  # stable
        return hits

    def _relevant(self, plan: _Plan, k: int | None = None) -> list[SearchHit]:
        r = self.settings.retrieval
        if plan.like or plan.like_text:
            return self._like(plan)
        if plan.judges_nothing() or plan.only_left_out or plan.ambiguous:
            return []  # "what is the best paper?": nothing named to list
        if plan.sides:  # each side as a listing, merged: the closest of each first, in turn
            # (a listing's: those naming a side before the rest)
            found = [self.relevant(replace(plan, kind="listing", query=side, topic=side,
                                           sides=(), newest_first=False), k)
                     for side in plan.sides]
            plan.side_counts = [len(f) for f in found]
            merged: dict[str, SearchHit] = {}
            for rank in range(max(plan.side_counts, default=0)):
                for f in found:
                    if rank < len(f):
                        merged.setdefault(f[rank].paper.paper_id, f[rank])
            hits = list(merged.values())
            return hits if plan.kind == "summary" else sorted(
                hits, key=lambda h: h.names_topic is False)
        terms = query_terms(plan.query)
        if plan.kind == "metadata":
            allowed = self.index.filter_ids(**vars(plan.filters)) or []
            if not terms:  # "what did X work on?": all their papers
                papers = self.index.get(allowed)
                hits = [SearchHit(paper=p, score=0.0, similarity=None,
                                  evidence=best_sentence(p.abstract, plan.query))
                        for p in papers.values()]
            else:
                hits = self.retriever.search(plan.query, k=max(len(allowed), 1),
                                             filters=plan.filters).hits
            return hits
        cov = self.index.coverage(plan.query)
        phrase = self.index.phrase_matches(plan.query)
        # what the cut counts: a title naming the rarest term as almost all terms
        cut = cov | {pid: max(cov.get(pid, 0.0), MOSTLY_ALL_TERMS)
                     for pid in self.index.rare_title_matches(plan.query, RARE_TERM)}

        def relevant(pid: str, sim: float | None) -> bool:
            return self._is_relevant(cut.get(pid, 0.0), sim,
                                     together=phrase is None or pid in phrase)

        if plan.scope is not None:
            ids = plan.scope
            if plan.filters.active():  # "which of them are from 2025?"
                wanted = set(self.index.filter_ids(**vars(plan.filters)) or [])
                ids = [pid for pid in ids if pid in wanted]
            scope = set(ids)
            sims = self.retriever.similarities(plan.query, ids)
            papers = self.index.get(ids)
            keep = [pid for pid in ids if pid in papers
                    and (plan.whole_scope or relevant(pid, sims.get(pid)))]
            cov = {p: c for p, c in cov.items() if p in scope}
            if plan.whole_scope:
                if terms:  # else in the previous answer's order
                    keep.sort(key=lambda p: -(sims.get(p) or 0.0))
                return [self._hit(papers[p], plan.query, sims.get(p), cov.get(p, 0.0))
                        for p in keep]
            keep.sort(key=lambda p: (-cov.get(p, 0.0), -(sims.get(p) or 0.0)))
            return self._named_first([self._hit(papers[p], plan.query, sims.get(p),
                                                cov.get(p, 0.0)) for p in keep], plan.query,
                                     cov, phrase)
        result = self.retriever.search(plan.query, k=max(k or r.k, LISTING_DEPTH),
                                       filters=plan.filters)
        in_filter: set[str] | None = (set(self.index.filter_ids(**vars(plan.filters)) or [])
                                      if plan.filters.active() else None)
        hits = [h for h in result.hits if relevant(h.paper.paper_id, h.similarity)]
        # exhaustive: beyond the fused top, the papers naming (almost) all query terms that pass
        have = {h.paper.paper_id for h in result.hits}
        extra = [pid for pid, c in cut.items() if c >= MOSTLY_ALL_TERMS and pid not in have
                 and (in_filter is None or pid in in_filter)]
        if extra:
            sims = self.retriever.similarities(plan.query, extra)
            extra = [p for p in extra if relevant(p, sims.get(p))]
            papers = self.index.get(extra)
            more = [self._hit(papers[p], plan.query, sims.get(p), cov.get(p, 0.0)) for p in extra
                    if p in papers]
            more.sort(key=lambda h: -(h.similarity or 0.0))
            hits += more
        if plan.kind == "summary" and (named := _paper_named(plan.query, hits)) is not None:
            return [named]  # "what does the paper Graph Mixture of Experts propose?"
        return self._named_first(hits, plan.query, cov, phrase)

    def _paper_titled(self, asked: str) -> Paper | None:
        """The paper ``asked`` names by its title or label (:func:`_titled`), among the closest
        five to it; None where none has it (the question is then about its words)."""
        return next((h.paper for h in self.retriever.search(asked, k=5, evidence=False).hits
                     if _titled(h.paper.title or h.paper.label, asked)), None)

    def _like(self, plan: _Plan) -> list[SearchHit]:
        """The papers closest in meaning to the paper a question names by its title ("papers
        similar to Direct Preference Optimization"): that paper first, then the ``retrieval.k``
        papers closest to its title and abstract (neighbours have no crisp edge: among ML
        abstracts nearly every cosine is high) above ``retrieval.min_similarity``, within the
        question's filters; or the papers closest to a passage the question gives
        (:meth:`_passage`)."""
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
        plan = self.plan(question, conversation, filters)
        hits = self.relevant(plan, k) if not plan.reply else []
        retrieve_ms = (time.perf_counter() - t0) * 1000
        refused = not hits and not plan.reply
        yield PapersEvent(plan.kind, hits, len(hits), refused, retrieve_ms)
        stats: dict[str, float] = {"retrieve_ms": retrieve_ms, "prompt_tokens": 0,
                                   "completion_tokens": 0, "gen_s": 0.0, "t0": t0,
                                   "decode_s": 0.0, "decode_tokens": 0}
        answer = Answer(question=question, standalone_query=plan.standalone or plan.query, kind=plan.kind,
                        answer="", refused=refused, count=len(hits), fallbacks=0,
                        papers=[h.to_json() for h in hits])
        if plan.reply:
            yield TokenEvent(plan.reply)
            answer.answer = plan.reply
        elif refused:
            text = (prompts.JUDGEMENT + " " + prompts.JUDGEMENT_ASK_A_TOPIC
                    if plan.judges_nothing() else self._which_author(plan) if plan.ambiguous else
                    prompts.render(prompts.ONLY_LEFT_OUT, without=neutralize(plan.without))
                    if plan.only_left_out else
                    f"{prompts.CANNOT_ANSWER_PHRASE}: {_all_left_out(plan)}" if plan.left_out else
                    prompts.render(prompts.NO_MATCH_IN_SELECTION, count=len(plan.scope))
                    if plan.scope is not None else f"{prompts.CANNOT_ANSWER_PHRASE}: no indexed "
                    f"paper {neutralize(_from(_among(plan)))}matches "
                    f"\u201c{_quoted(plan, question)}\u201d.")
            text = " ".join([*self._note_lines(plan), text])
            yield TokenEvent(text)
            answer.answer = text
        else:
            sources = hits if plan.kind != "summary" else hits[:self._shown(plan)]
            # "the most prolific authors on X": the papers on X counted, each with its papers
            tally = _tally_lines(_tallied(hits, plan.tally), plan.tally, min(
                TALLY_LINES, self.settings.llm.listing_lines)) if plan.tally else ([], [])
            head, foot = self._frame(plan, question, hits, len(sources), tally)
            for line in head:
                yield TokenEvent(line)
            synthesis = plan.kind == "summary" and self._strategy() == "synthesis"
            if synthesis:
                lines = self._synthesis(question, sources, stats, answer)
            elif tally[0]:
                lines = iter(tally[0])
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
        if conversation is not None and not plan.reply:  # "thanks": no turn to follow up on
            conversation.turns.append(Turn(question, plan.standalone or plan.query,
                                           [h.paper.paper_id for h in hits], answer.answer,
                                           picked=plan.picked))
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
        text = " ".join(sentences[i] for i in chosen)
        llm = self._llm()
        while llm.count_tokens(text) > max_tokens and " " in text:
            text = text[:int(len(text) * 0.85)].rsplit(" ", 1)[0] + "…"
        return f"{paper.title or paper.label}: {text}"

    def _reason(self, question: str, hit: SearchHit, stats: dict[str, float],
                answer: Answer) -> str:
        """One grounded sentence on how this paper bears on the question (or its evidence)."""
        source = self._source_text(hit.paper, question, self.settings.llm.source_tokens)
        messages = [{"role": "system", "content": prompts.REASON_SYSTEM},
                    {"role": "user", "content": prompts.render(prompts.REASON_USER,
                                                               source=source, question=question)}]
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
        if cut_off or is_degenerate(text) or invents_facts(
                text, source, f"{question} {hit.paper.abstract}") or (
                grounding(text, source, question) < self.settings.llm.min_grounding) or (
                terms_beyond(text, source, question)):
            answer.fallbacks += 1
            answer.rejected_drafts.append(text)
            return hit.evidence or split_sentences(hit.paper.abstract)[0]
        return text

    def _shown(self, plan: _Plan) -> int:
        """How many papers the answer writes out: a summary draws on ``llm.summary_sources``,
        a listing writes ``llm.listing_lines``; fewer (or a summary more) where the question
        asks for a number ("give me three papers on X")."""
        cfg = self.settings.llm
        if plan.kind == "summary":
            return plan.limit or cfg.summary_sources
        return min(plan.limit or cfg.listing_lines, cfg.listing_lines)

    def _per_source(self, question: str, plan: _Plan, hits: list[SearchHit],
                    stats: dict[str, float], answer: Answer) -> Iterator[str]:
        cfg = self.settings.llm
        if plan.kind == "summary":
            for n, hit in enumerate(hits[:self._shown(plan)], 1):
                yield _cite(self._reason(question, hit, stats, answer), n)
            return
        usual = self.index.usual_status()
        # where the catalog holds several venues or years and the question names no one of
        # each: each paper's ("AISTATS 2025")
        when = (len(self.index.venue_names()) > 1 or len(self.index.years()) > 1) and not (
            plan.filters.venue and plan.filters.year is not None)
        for n, hit in enumerate(hits[:self._shown(plan)], 1):
            p = hit.paper
            who = ", ".join(p.authors) if _WHO.search(question) else _authors_short(p.authors)
            # a status other than the catalog's usual one ("Oral" among posters), unless the
            # question asked for it
            mark = p.status if p.status not in ("", usual, plan.filters.status) else ""
            venue = _venue_year(p) if when else ""
            about = " \u00b7 ".join(neutralize(x) for x in (who, venue, mark) if x)
            reason = (self._reason(question, hit, stats, answer) if n <= cfg.reasons_generated
                      else hit.evidence or split_sentences(p.abstract)[0])
            name = detex(neutralize(p.title or p.label))
            yield f"{n}. **{name}**{f' ({about})' if about else ''}: {_cite(reason, n)}"

    def _frame(self, plan: _Plan, question: str, hits: list[SearchHit], shown: int,
               tally: tuple[list[str], list[str]] = ([], [])) -> tuple[list[str], list[str]]:
        """The answer's own lines around its claims, which cite nothing: the count first (a
        listing's always; a summary's where it compares, or draws on ``shown`` papers of more
        that a new search found), "… and N more" last where a listing writes out fewer; before
        them, where the question asks for a judgement or for citations, that the abstracts
        cannot tell."""
        head, foot = self._count_lines(plan, question, hits, shown)
        if plan.tally:  # ``tally``: its lines and closing line (:func:`_tally_lines`)
            lines, closing = tally
            by, _, given = _TALLY_WORDS[plan.tally]
            head.append(prompts.render(prompts.TALLY_NONE, by=by, what=given) if not lines
                        else prompts.TALLY_BY_YEAR if plan.tally == "year"
                        else prompts.render(prompts.TALLY_HEADER, by=by))
            foot = closing if lines else foot  # else the papers are listed as usual
        cannot = (prompts.JUDGEMENT if plan.judged else prompts.CITING if plan.citing else "")
        head = [*self._note_lines(plan), *head]
        return ([f"{cannot} {prompts.JUDGEMENT_LISTED}", *head] if cannot else head), foot

    def _which_author(self, plan: _Plan) -> str:
        """That many authors have the last name a question names, the three with the most
        papers first, and how to ask for one."""
        papers = self.index.author_papers()
        many = sorted(plan.ambiguous, key=lambda n: (-papers.get(n, 0), n))
        some = ", ".join(f"{neutralize(n)} ({papers.get(n, 0)} paper"
                         f"{'' if papers.get(n, 0) == 1 else 's'})" for n in many[:3])
        return prompts.render(prompts.WHICH_AUTHOR, count=f"{len(many):,}",
                              name=neutralize(plan.topic), some=some,
                              example=neutralize(many[0]))

    def _note_lines(self, plan: _Plan) -> list[str]:
        """What the answer says before its count: an author's name or words read another way
        (:meth:`_author_named`, :meth:`plan`), and where a question asks for an institution's
        papers, how many papers give their affiliations where not all do, or that none does
        and what is listed instead."""
        lines = []
        if plan.author_typed:
            lines.append(prompts.render(prompts.AUTHOR_RESPELLED, typed=neutralize(
                plan.author_typed), name=neutralize(plan.author)))
        if plan.respelled:
            lines.append(prompts.render(prompts.RESPELLED, pairs=", ".join(
                f"\u201c{neutralize(a)}\u201d as \u201c{neutralize(b)}\u201d"
                for a, b in plan.respelled), them="it" if len(plan.respelled) == 1 else "them"))
        given, count = self.index.affiliations_given()
        if plan.filters.affiliation and given < count:
            lines.append(prompts.render(prompts.AFFILIATIONS_PARTIAL, given=f"{given:,}",
                                        count=f"{count:,}",
                                        name=neutralize(plan.filters.affiliation)))
        elif plan.no_affiliations:
            lines.append(prompts.render(prompts.NO_AFFILIATIONS_DROPPED
                                        if plan.institution_dropped else prompts.NO_AFFILIATIONS,
                                        name=neutralize(plan.no_affiliations)))
        return lines

    def _count_lines(self, plan: _Plan, question: str, hits: list[SearchHit],
                     shown: int) -> tuple[list[str], list[str]]:
        topic = _quoted(plan, question)
        scope = None if plan.scope is None else len(plan.scope)
        among = neutralize(_among(plan))
        if plan.kind != "summary":
            more = len(hits) - self._shown(plan)
            head = (_like_header(len(hits) - 1, neutralize(detex(plan.topic)), among) if plan.like
                    else prompts.render(prompts.LIKE_TEXT_HEADER, count=len(hits), text=topic,
                                        s="" if len(hits) == 1 else "s",
                                        where=_where(None, among)) if plan.like_text
                    else prompts.render(prompts.RECOUNT_HEADER, count=len(hits),
                                        s="" if len(hits) == 1 else "s") if plan.recount
                    else _listing_header(hits, topic, scope, among, plan.newest_first))
            return [head], [prompts.render(prompts.LISTING_MORE, more=more, count=len(hits))
                            ] if more > 0 else []
        if scope is not None:
            return [], []
        if plan.sides:
            return [prompts.render(prompts.COMPARE_HEADER, where=_where(None, among),
                                   count=len(hits), sides=_and_list([
                                       f"{n} \u201c{neutralize(side)}\u201d"
                                       for side, n in zip(plan.sides, plan.side_counts,
                                                          strict=True)]))], []
        if len(hits) > shown:
            return [prompts.render(prompts.SUMMARY_HEADER, count=len(hits), topic=topic,
                                   shown=shown, where=_where(None, among))], []
        return [], []

    def _synthesis(self, question: str, sources: list[SearchHit], stats: dict[str, float],
                   answer: Answer) -> Iterator[str]:
        """Several sources in one prompt (models that can synthesise); validated afterwards."""
        cfg = self.settings.llm
        llm = self._llm()
        budget = llm.n_ctx - cfg.max_tokens - 200
        per_source = max(40, min(cfg.source_tokens * 2, budget // max(1, len(sources))))
        blocks = [f"[{n}] {self._source_text(h.paper, question, per_source)}"
                  for n, h in enumerate(sources, 1)]
        messages = [{"role": "system", "content": prompts.SYNTHESIS_SYSTEM},
                    {"role": "user", "content": prompts.render(
                        prompts.SYNTHESIS_USER, sources="\n".join(blocks), question=question)}]
        text = self._generate(messages, citation_grammar(len(sources)), cfg.max_tokens, stats)
        checked = validate(text, len(sources))
        answer.invalid_citations += checked.invalid
        if is_degenerate(text) or not checked.cited:
            answer.fallbacks += 1
            yield from (_cite(h.evidence, n) for n, h in enumerate(sources, 1))
            return
        yield checked.text


def _put(text: str, new: str, old: str, *, after_papers: bool = False) -> str:
    """``text`` with ``new`` in place of ``old``; where ``old`` is '', ``new`` next to the word
    "papers" (before it: "COLT papers"; after it: "papers from MIT"), else at its end."""
    if old:
        return " ".join(text.replace(old, f" {new} ", 1).split())
    if p := _PAPERS_WORD.search(text):
        at = p.end() if after_papers else p.start()
        return " ".join(f"{text[:at]} {new} {text[at:]}".split())
    return re.sub(r"[\s?.!]*$", f" {new}?", text, count=1)


def _listing_header(hits: Sequence[SearchHit], topic: str, scope: int | None = None,
                    among: str = "", newest_first: bool = False) -> str:
    """The count, and how many listed papers name the topic (``SearchHit.names_topic``; None,
    as for author listings, counts as naming it): all, some, or none of them. ``scope``: the
    number of papers a follow-up narrows ("of those, which ..."), which the line names;
    ``among``: the author, venue and year the search was restricted to (:func:`_among`);
    ``newest_first``: the papers are listed by year (each part, where some name the topic)."""
    count = len(hits)
    named = sum(h.names_topic is not False for h in hits)
    where = _where(scope, among)
    order = "" if not newest_first else ", newest first" if named in (0, count) else (
        ", each part newest first")
    if named == count:
        return prompts.render(prompts.LISTING_HEADER, count=count, s="" if count == 1 else "s",
                              es="es" if count == 1 else "", topic=topic, where=where,
                              order=order)
    if named == 0:
        nothing = (f"No indexed abstract {_from(among)}".rstrip() if scope is None
                   else f"None of the {scope} papers from the previous answer")
        return prompts.render(prompts.LISTING_HEADER_NONE, count=count, nothing=nothing,
                              s="" if count == 1 else "s", topic=topic, order=order)
    return prompts.render(prompts.LISTING_HEADER_SOME, count=count, topic=topic, named=named,
                          s="s" if named == 1 else "", rest=count - named, where=where,
                          order=order)


def _like_header(others: int, title: str, among: str) -> str:
    """The first line of "papers similar to X": how many neighbours follow the paper."""
    if not others:
        return prompts.render(prompts.LIKE_HEADER_NONE, title=title, where=_where(None, among))
    return prompts.render(prompts.LIKE_HEADER, count=others, s="" if others == 1 else "s",
                          title=title, where=_where(None, among))


def _quoted(plan: _Plan, question: str) -> str:
    """What a first line quotes as the question's topic: 'bandits' or, where it leaves one
    out, 'bandits” but not “regret' (the template adds the outer quotes)."""
    topic = neutralize(plan.topic or question)
    return f"{topic}\u201d but not \u201c{neutralize(plan.without)}" if plan.without else topic


def _all_left_out(plan: _Plan) -> str:
    """Why a question leaving a topic out gets nothing: every paper found names it."""
    n = plan.left_out
    topic, without = neutralize(plan.topic), neutralize(plan.without)
    return (f"{f'the {n} papers' if n > 1 else 'the one paper'} "
            f"{neutralize(_from(_among(plan)))}matching \u201c{topic}\u201d "
            f"{'each name' if n > 1 else 'names'} \u201c{without}\u201d.")


def _sides(first: str, last: str, joins: str) -> tuple[str, ...]:
    """The sides of "A, B and C" (``first`` "A, B", ``last`` "C"; ``last`` may be joined
    again: "A with B and C"), a qualifier of the last for all ("A and B for X": both for X);
    none where a side names nothing."""
    sides = [x.strip() for x in [*first.split(","), *re.split(joins, last)] if x.strip()]
    sides = [re.sub(r"\beither\s+", "", x, flags=re.IGNORECASE) for x in sides]
    if sides and (q := _QUALIFIER.search(sides[-1])) and not any(
            _QUALIFIER.search(x) for x in sides[:-1]):
        sides = [*(f"{x} {q.group(0).strip()}" for x in sides[:-1]), sides[-1]]
    return tuple(sides) if len(sides) > 1 and all(query_terms(x) for x in sides) else ()


def _either(query: str) -> tuple[tuple[str, ...], str]:
    """A listing of papers on either topic ("LoRA or adapters"): its sides (:func:`_sides`)
    and the topic its first line quotes; none where the question names no such pair."""
    if (m := _EITHER.search(query)) and (sides := _sides(m.group(1), m.group(2),
                                                         r",|\s+or\s+")):
        return sides, "\u201d or \u201c".join(_shown_topic(side) for side in sides)
    return (), ""


def _and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 2 else items)


def _status_noun(status: str) -> str:
    """"Oral" -> "orals", "Accept (oral)" -> "“Accept (oral)” papers"."""
    return (f"{status.lower()}s" if re.fullmatch(r"[A-Za-z]+", status)
            else f"\u201c{status}\u201d papers" if status else "")


def _scope_label(f: Filters) -> str:
    """Venue, years and status of a filter, in words: "COLT 2024 orals"; ''."""
    return " ".join(x for x in (f.venue, f.years(), _status_noun(f.status)) if x)


def _scope_named(f: Filters) -> str:
    """What a question naming only these filters lists: "COLT 2024 orals", "authors at MIT",
    "COLT 2024 papers with authors at MIT"; ''."""
    label = _scope_label(f)
    if not f.affiliation:
        return label
    return (f"{label}{'' if f.status else ' papers'} with " if label else "") + (
        f"authors at {f.affiliation}")


def _among(plan: _Plan) -> str:
    """The author, venue, year, status and institution a plan's search is restricted to ("by
    Ann Lee from COLT 2024", "among the COLT 2024 orals with an author at MIT"), unless they are
    what it lists ("which papers are from COLT 2024?", "what did Ann Lee work on?")."""
    f = plan.filters
    shown = plan.author_shown or plan.author
    by = f"by {shown}" if plan.author and shown != plan.topic else ""
    if _scope_named(f) == plan.topic:
        return by
    label = _scope_label(f)
    where = f"among the {label}" if f.status else f"from {label}" if label else ""
    return " ".join(x for x in (by, where,
                                f"with an author at {f.affiliation}" if f.affiliation else "")
                    if x)


def _from(among: str) -> str:
    return f"{among} " if among else ""


def _where(scope: int | None, among: str) -> str:
    """Where a first line's papers were found: "in the indexed abstracts", "from COLT 2024 in
    the indexed abstracts", or "of the 6 from the previous answer" (``scope``: narrowing)."""
    return (f"{_from(among)}in the indexed abstracts" if scope is None
            else f"of the {scope} from the previous answer")


def _names_topic(cov: float, together: bool) -> bool:
    """Whether a paper names the question's topic: every term (``cov``, idf-weighted share of
    the terms it names), together where the topic is a phrase (``together``)."""
    return cov >= 0.999 and together


def _cite(sentence: str, n: int) -> str:
    """'Text.' -> 'Text [n].': the marker inside the sentence it supports. Bracketed numbers
    the text brings along (an abstract's "[2021]") are neutralized first."""
    body = detex(neutralize(sentence)).strip().rstrip(".;:, ")
    return f"{body} [{n}]."


def _topic(question: str) -> str:
    """The question's content words, as written (names keep their capitals)."""
    words = [w for w in re.findall(r"[\w'-]+", question) if is_term(w.lower())]
    return " ".join(words) if words else question


# words that may join a topic's content words where it is shown as written
_JOINING = frozenset("for of in on with and to from via by under over without between across "
                     "as".split())


# generic head nouns (stopwords to the search) shown after the topic's last content word
_HEAD_NOUNS = frozenset({"method", "methods", "approach", "approaches"})


def _shown_topic(question: str) -> str:
    """The topic as the question writes it, for the listing's first line: its words from the
    first content word to the last, where only joining words ("for", "of") stand between them
    ("graph neural networks for traffic forecasting", "zeroth-order methods" with its generic
    head noun); else its content words (:func:`_topic`,
    "diffusion models robustness" for "papers on diffusion models study robustness")."""
    words = list(re.finditer(r"[\w'-]+", question))
    content = [i for i, m in enumerate(words) if is_term(m.group(0).lower())]
    if not content or any(not is_term(w.group(0).lower()) and w.group(0).lower() not in _JOINING
                          for w in words[content[0]:content[-1] + 1]):
        return _topic(question)
    first, last = words[content[0]], words[content[-1]]
    after = words[content[-1] + 1] if content[-1] + 1 < len(words) else None
    if after is not None and after.group(0).lower() in _HEAD_NOUNS and not question[
            last.end():after.start()].strip():
        last = after  # "zeroth-order methods", not "zeroth-order"
    return question[first.start():last.end()]


# how a tally's lines name what they count: (one, more of them, what papers give for it)
_TALLY_WORDS = {"author": ("author", "authors", "authors"),
                "affiliation": ("institution", "institutions", "affiliations"),
                "venue": ("venue", "venues", "venues"), "year": ("year", "years", "years"),
                "area": ("area", "areas", "areas")}


def _tallied(hits: Sequence[SearchHit], by: str) -> list[tuple[str, list[int]]]:
    """The authors (institutions, venues, years, areas) of ``hits``, each with the places
    (from 1) of its papers among them: the most papers first (years in their order); an
    institution once a paper however many of its authors are there."""
    places: dict[str, list[int]] = {}
    for n, hit in enumerate(hits, 1):
        p = hit.paper
        keys = (p.authors if by == "author" else
                sorted({a.strip() for a in p.affiliations if a.strip()}) if by == "affiliation"
                else [p.venue] if by == "venue" and p.venue
                else [p.area] if by == "area" and p.area
                else [str(p.year)] if by == "year" and p.year else [])
        for key in dict.fromkeys(keys):
            places.setdefault(key, []).append(n)
    return (sorted(places.items()) if by == "year"
            else sorted(places.items(), key=lambda kv: (-len(kv[1]), kv[0])))


def _tally_lines(counted: list[tuple[str, list[int]]], by: str,
                 shown: int) -> tuple[list[str], list[str]]:
    """A tally's lines ("1. Sergey Levine: 6 papers [1][4][9]", at most eight markers; every
    year, else the first ``shown``) and its closing line ("… and 120 more authors")."""
    if by != "year":
        more, counted = len(counted) - shown, counted[:shown]
    else:
        more = 0
    ellipsis = " \u2026"
    lines = [f"{i}. {neutralize(key)}: {len(at)} paper{'' if len(at) == 1 else 's'} "
             f"{''.join(f'[{n}]' for n in at[:8])}{ellipsis if len(at) > 8 else ''}"
             for i, (key, at) in enumerate(counted, 1)]
    foot = [prompts.render(prompts.TALLY_MORE, more=more,
                           what=_TALLY_WORDS[by][more > 1])] if more > 0 else []
    return lines, foot


def _venue_year(paper: Paper) -> str:
    """Where and when a paper appeared, as a listing line names it: "AISTATS 2025", "NeurIPS
    2023" (a venue naming its year), "2024", ''."""
    year = str(paper.year) if paper.year else ""
    return " ".join(x for x in (paper.venue, "" if year in paper.venue else year) if x)


def _picked(question: str, listed: Sequence[str]) -> tuple[list[str], str] | None:
    """The papers of a listing (``listed``, in its order) a follow-up picks by their place
    (:data:`_PICKED`: "the first one", "paper 3", "[2] and [5]", "the first three papers",
    "the last one"), and the question without those words; None where it picks none there."""
    places: list[int] = []
    for m in _PICKED.finditer(question):
        word, n = (m.group("ord") or "").lower(), m.group("n")
        many = (int(n) if n.isdigit() else _NUMBERS[n.lower()]) if n else 1
        if word == "last":
            places += range(len(listed) - many, len(listed))
        elif word:
            first = _ORDINALS[word]
            places += range(first, first + many) if n else [first]
        else:
            places += [int(d) - 1 for d in re.findall(r"\d+", m.group(0))]
    ids = [listed[p] for p in dict.fromkeys(places) if 0 <= p < len(listed)]
    return (ids, " ".join(_PICKED.sub(" ", question).split())) if ids else None


def _paper_named(question: str, hits: Sequence[SearchHit]) -> SearchHit | None:
    """The paper among the first hits a question asks about by its title ("what does the paper
    Graph Mixture of Experts propose?": the title, or its part before a colon, of two words or
    more), where it speaks of one paper (:data:`_ONE_PAPER`); else None."""
    if not _ONE_PAPER.search(question):
        return None
    asked = f" {_plain(question)} "
    return next((hit for hit in hits[:5] for name in _title_names(hit.paper.title)
                 if len(name.split()) >= 2 and f" {name} " in asked), None)


def _title_names(title: str) -> set[str]:
    """How a question may name the paper titled ``title``: the title, or its part before a
    colon ("HO-SFL" for "HO-SFL: ..."), as plain words (:func:`_plain`)."""
    return {name for name in (_plain(title), _plain(title.split(":")[0])) if name}


def _titled(title: str, asked: str) -> bool:
    """Whether ``asked`` is the name of the paper titled ``title`` (:func:`_title_names`)."""
    return _plain(asked) in _title_names(title)


def _plain(text: str) -> str:
    return " ".join(re.findall(r"[^\W_]+", text.lower()))


def _authors_short(authors: Sequence[str]) -> str:
    if not authors:
        return ""
    return authors[0] + (" et al." if len(authors) > 2 else f", {authors[1]}"
                         if len(authors) == 2 else "")
