"""Reading a question: what to search and how to answer it, as a :class:`Plan`.

A question is read against the catalog (:class:`store.lexical.PaperIndex`: its authors, venues,
years, statuses, affiliations) and the conversation so far; nothing is searched for the answer
here. :meth:`QuestionReader.plan` is the entry point; :class:`rag.answer.Answerer` finds and
writes up the papers a plan asks for.

The question's forms are regular expressions, each with the examples it reads in its comment;
what they take out of a question (who, an order, a count, filters) leaves its topic words for
the search.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from itertools import chain
from typing import Any, Literal, NamedTuple

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from rag import prompts
from rag.bibtex import bibtex
from rag.citations import detex, neutralize
from rag.export import csv_table, fence, links
from rag.institutions import (
    ALL_OF,
    WORK_NOUN,
    as_from,
    capitalized,
    fold,
    institution_candidates,
    institutions_said,
    looks_like_institution,
    name_parts,
    typed_in_lowercase,
)
from rag.retrieval import Filters, Retriever, split_sentences
from rag.textnorm import (
    FUNCTION_WORDS,
    STOPWORDS,
    SYNONYMS,
    YEAR,
    acronym_definitions,
    is_term,
    query_terms,
    singular,
    with_synonyms,
)
from rag.types import Paper
from store.lexical import DAYS, STATUS_WORDS, PaperIndex

__all__ = ["Conversation", "Kind", "Plan", "QuestionReader", "Turn"]


Kind = Literal["listing", "summary", "metadata"]

# "who works on X?" (or "which authors work on X?"): a listing with every author
_WHO_WORD = re.compile(r"^\s*(?:which|what)\s+(?:authors|researchers|people)\b", re.IGNORECASE)
WHO = re.compile(rf"^\s*who\b|{_WHO_WORD.pattern}", re.IGNORECASE)
# ... and its verb, no topic word: "who wrote papers on X?", "who has published on X?"
_WHO_WROTE = re.compile(r"^(\s*who)\s+(?:(?:has|have|had)\s+)?(?:wrote|written|writes|authored"
                        r"|published|publishes)\b", re.IGNORECASE)
# what a question calls the papers ("papers", "work", "ones"), and the words that may stand
# before it: names, years, a topic ("COLT 2024 papers", "bandit papers", "reinforcement
# learning papers"), no function word ("the best way to find papers" is no judgement of papers)
_PAPERS = r"(?:papers?|works?|studies|articles|ones?)"
_NAMED = (r"(?:(?!(?:the|an?|of|to|in|on|for|with|by|(?:and|or)(?!\s+(?:19|20)\d\d\b)|from"
          r"|about|is|are|was|were|that|which|who|how|what|do|does|did|can|i|you|me)\b)[\w-]+"
          r"\s+){0,4}")  # ("COLT 2023 or 2024 papers": "or" before a year)
# a lead before what is asked: "and which ...?", "so how many ...?", "ok, is there code?"
_LEAD = r"^\s*(?:(?:and|so|ok(?:ay)?)[\s,]+)?"
_LISTING = re.compile(rf"{_LEAD}(which"
                      r"|what(?!\s+(?:(?!papers?\b)\w+\s+)?(?:do|does|did)\b)|list|find|show|are there"
                      r"|is there|any|give me|name|how many|do any|does any)\b"
                      r".*\bpapers?\b|^\s*(papers|all papers|list)\b"
                      r"|^\s*(?:list|find|show|give)(?:\s+me)?(?:\s+(?:all|some|the))?\s+"
                      r"(?:work|research|publications|articles)\b"
                      # "any work on X?", "is there any research on X?", "research on X pls"
                      r"|^\s*(?:(?:are|is)\s+there\s+)?any\s+(?:work|research|publications|articles"
                      r"|studies)\b|^\s*(?:work|research|publications|articles|studies)\s+(?:on|about)\b"
                      # "COLT 2024 papers on X", "Sergey Levine's (robotics) papers on X" (not "summarize
                      # bandit papers", "summarize Sergey Levine's papers")
                      r"|^(?!\s*(?:summari[sz]e|describe|explain|compare|contrast|what|how|why)\b)"
                      rf"(?:\s*{_NAMED}|[^?]*?\w['\u2019]s\s+(?:[\w-]+\s+){{0,3}}?)papers\b|"
                      + WHO.pattern,
                      re.IGNORECASE)
# "compare A and B", "the differences between A and B", "A vs B"
_COMPARE = re.compile(r"^\s*(?:compare|contrast|(?:what(?:'s|\s+is|\s+are)\s+)?(?:the\s+)?"
                      r"differences?\s+between)\s+(.+?)\s+(?:and|vs\.?|versus|with|to)\s+(.+?)"
                      r"[\s?.!]*$|^\s*(.+?)\s+(?:vs\.?|versus)\s+(.+?)[\s?.!]*$", re.IGNORECASE)
# a judgement the abstracts cannot make: "the best paper on X", "the most influential (COLM)
# papers", "top 5 papers", "highly cited papers on X", "which paper is the best?" (not "the
# most relevant papers": that is the order)
_RANK_WORD = (r"(?:best|worst|greatest|strongest|weakest|leading|top(?:\s+\d+)?"
              r"|seminal|landmark|influential|impactful"
              r"|(?:highly|widely|frequently|heavily|well|much)[\s-]cited"
              r"|most\s+(?!relevant\b|related\b|similar\b|recent\b|closely\b)[a-z-]+)")
_JUDGE = re.compile(rf"\b(?:the\s+)?{_RANK_WORD}\s+(?P<mid>{_NAMED}){_PAPERS}\b"
                    rf"|\bpapers?\s+(?:is|are|was|were)\s+(?:the\s+)?{_RANK_WORD}\b"
                    rf"|\b(?:is|are|was|were)\s+(?:the\s+)?{_RANK_WORD}(?:\s+ones?)?(?=[\s?.!]*$)"
                    # ... "which one is cited most?", "which gets cited the most?"
                    r"|\b(?:is|are|was|were|gets?|got)\s+cited\s+(?:the\s+)?most(?=[\s?.!]*$)"
                    # "which (of these) is best for large graphs?" (not "most robust to X": a
                    # topic; not "papers that argue X is best for Y": a claim)
                    r"|(?:(?<=^which\s)|(?<=^which\sof\sthese\s)|(?<=^which\sof\sthem\s)"
                    r"|(?<=^which\sof\sthose\s))(?:(?:one|ones|method|approach|paper|model)\s+)?"
                    r"(?:is|are|was|were)\s+(?:the\s+)?(?:best|worst|strongest|weakest|top)"
                    r"(?=\s+(?:for|at|on|in|when|if)\s)",
                    re.IGNORECASE)
# "which (one)", "which of them (is)": a judgement among the papers of a list
_WHICH_ONE = r"which(?:\s+of\s+(?:these|them|those))?(?:\s+(?:one|paper|method|approach))?"
# a property ranked, after a list: "which is the most theoretical?", "which one is more
# practical?" (the abstracts cannot rank them; those of the list that are so can be listed)
_MOST_PROPERTY = re.compile(
    rf"{_LEAD}{_WHICH_ONE}\s+(?:is|are)\s+(?:the\s+)?(?:most|more)\s+(?P<x>(?!(?:important"
    r"|influential|significant|novel|interesting|promising|popular|cited|impactful|useful"
    r"|relevant|recent|related|similar|closely|original"
    r"|innovative|exciting|notable|impressive|successful|valuable|famous|well-known|common|frequent"
    r"|prolific|active|productive)\b)[a-z][a-z-]+)(?:\s+ones?)?[\s?.!]*$", re.IGNORECASE)
# ... or as one word: "which one is the simplest?", "which is the cheapest?" (not an order the
# catalog gives: "the newest", "the earliest"; nor "the best", a judgement of its own)
_SUPERLATIVE = re.compile(
    rf"{_LEAD}{_WHICH_ONE}\s+(?:is|are)\s+the\s+(?P<w>(?!(?:newest|latest|oldest|earliest"
    r"|biggest|largest|longest|shortest|highest|lowest)\b)[a-z]{3,}est)(?:\s+ones?)?[\s?.!]*$", re.IGNORECASE)
# ... a quality ranked, after a list: "which one has the strongest theoretical guarantees?",
# "which achieves the best results?" (those naming it can be listed)
_HAS_MOST = re.compile(
    rf"{_LEAD}{_WHICH_ONE}\s+(?:has|have|had|gives?|shows?|achieves?|reports?|offers?|provides?"
    r"|gets?|obtains?)\s+"
    r"(?:the\s+)?(?:best|strongest|most|highest|largest|biggest|greatest|widest|broadest|lowest"
    r"|fewest|least|tightest|fastest|smallest)\s+(?P<x>[a-z][\w-]*(?:\s+[\w-]+){0,3}?)"
    r"[\s?.!]*$", re.IGNORECASE)
# an order asked for, not a topic: "the most relevant papers on X" (the listing's own order),
# "recent papers on X", "new papers on X", "the latest work on X" (newest first)
_ORDER = re.compile(r"\b(?:the\s+)?(?:most\s+)?(?:(relevant|related|similar|closest|pertinent)"
                    rf"|(recent|latest|newest|new(?:er)?(?=\s+{_PAPERS}\b)))\s+(?={_NAMED}{_PAPERS}\b"
                    r"|(?:advances|developments|progress|results|research|work)\s+(?:in|on|for|of)\s)",
                    re.IGNORECASE)  # ("the most recent advances in X": not "recent X")
# ... asked at the question's end: "papers on X, newest first", "... sorted by year",
# "..., preferably recent"
_NEWEST_FIRST = r"(?:the\s+)?(?:newest|latest|most\s+recent)(?:\s+ones)?\s+first"
_NEWEST_LAST = re.compile(rf"(?<![\s,;(])[\s,;(]*\b(?:(?:sorted|ordered|listed)\s+)?(?:by\s+(?:year"
                          rf"|date)|(?:with\s+)?{_NEWEST_FIRST}|(?:preferably|ideally|especially"
                          r"|mostly)\s+(?:the\s+)?(?:recent|new(?:er|est)?|latest)(?:\s+ones)?)\)?"
                          r"(?=[\s?.!]*$)", re.IGNORECASE)  # (each from the start of a run of
# spaces and commas: from each of 10,000 in ", , , ...", 6 s)
# ... "papers on X, sorted by title", "... in alphabetical order" (it searched "sorted title")
_BY_TITLE_WORDS = r"(?:by\s+(?:title|name)|alphabetically|in\s+alphabetical\s+order)"
_TITLE_LAST = re.compile(rf"(?<![\s,;(])[\s,;(]*\b(?:(?:sorted|ordered|listed)\s+{_BY_TITLE_WORDS}"
                         r"|alphabetically|in\s+alphabetical\s+order)\)?(?=[\s?.!]*$)",
                         re.IGNORECASE)  # (not "X by name": "person re-identification by name"
# is a topic)
# ... after a comparison: "which is more popular?", "which one has more papers?": the sides
# by their papers
_WHICH_MORE = re.compile(r"^\s*(?:and\s+|so\s+)?(?:which|what)\s+(?:one\s+|side\s+)?(?:is|has|was"
                         r"|had)\s+(?:(?:the\s+)?(?:more|most)\s+(?:popular|common|studied|frequent"
                         r"|prevalent|widely\s+used|used|papers|work)|bigger|larger)[\s?.!]*$",
                         re.IGNORECASE)
# what one paper says on something: "what does the DPO paper say about stability?", "what
# does Direct Preference Optimization claim about reward models?"
_PAPER_SAYS = re.compile(r"^\s*what\s+(?:does|did)\s+(?P<p>.+?)\s+(?:say|claim|find|show|report|conclude"
                         r"|write|state)\s+(?:about|on|regarding|of)\s+(?P<y>.+?)[\s?.!]*$",
                         re.IGNORECASE)
# ... "which is better?": the abstracts cannot tell (it searched "better" among the papers)
_WHICH_BETTER = re.compile(
    rf"{_LEAD}(?:which|what)\s+(?:one\s+|side\s+|method\s+|approach\s+)?"
    r"(?:is|works|performs|was)\s+(?:better|best|preferable|superior|faster|(?:more|most)\s+(?:effective"
    r"|efficient|accurate|robust|scalable))(?:\s+(?:overall|in\s+general|in\s+practice))?[\s?.!]*$",
    re.IGNORECASE)
# "which is more popular at CoRL, A or B?", "which is better for X: A or B?": the papers on
# each, compared (the abstracts make no judgement; what each side's papers say is the answer)
_MORE_POPULAR = re.compile(r"^\s*(?:which|what)\s+(?:one\s+)?(?:is|works|performs)\s+(?:(?:more|most)"
                           r"\s+(?:popular|common|studied|frequent|prevalent|widely\s+used|used"
                           r"|effective|efficient|accurate|robust|scalable)|better|best|preferable"
                           r"|superior|faster)(?P<where>[^,?]*?)\s*[,:]\s*"
                           r"(?P<a>.+?)\s+or\s+(?P<b>.+?)[\s?.!]*$", re.IGNORECASE)
# "what fraction of CoRL papers use diffusion policies?": those papers, and their share
# ... what the question asks of them: "(papers on bandits) are from COLT", "are orals"
_PREDICATE = re.compile(r"\b(?:are|were|is|was)\s+(?P<pred>(?:from\s+|at\s+|in\s+)?[^?.!]+?)"
                        r"[\s?.!]*$", re.IGNORECASE)
_SHARE_WORD = r"(?:fraction|percentage|proportion|share|percent|part)"
_SHARE = re.compile(rf"{_LEAD}(?:what|which)\s+{_SHARE_WORD}\s+of\s+(?:the\s+|all\s+)?(?P<rest>.+)$",
                    re.IGNORECASE)
# ... of the last answer's papers: "what fraction of those use X?", "what percentage of them are
# orals?"
_SHARE_OF_THEM = re.compile(r"(?:those|these|them|they)(?:\s+papers)?\s+(?P<rest>(?!(?:is|are|was"
                            r"|were)\s+(?:that|this|those|these|they|them)\b)\w.*)$",
                            re.IGNORECASE)
# ... of the last answer's papers: "what percentage of all papers is that?"
# ... "of all federated learning papers", "of the papers on X": of those on X
_SHARE_OF_LAST = re.compile(rf"^\s*(?:and\s+)?(?:what|which)\s+{_SHARE_WORD}\s+(?:of\s+(?:all\s+)?"
                            r"(?:the\s+)?(?:indexed\s+"
                            r"|(?P<x>(?!indexed\b)[^?.!,]{1,80}?)\s+)?(?:papers|corpus|index)"
                            r"(?:\s+(?:on|about)\s+(?P<on>[^?.!,]{1,80}?))?\s+)?(?:is|are|was|were)\s+"
                            r"(?:that|this|those|these|they|them)"
                            # ... "what fraction is that of all papers (of all COLT papers)?"
                            r"(?:\s+(?:of|among|in)\s+(?:all\s+)?(?:the\s+)?(?:indexed\s+|(?P<x2>(?!indexed"
                            r"\b)[^?.!,]{1,80}?)\s+)?(?:papers|corpus|index)(?:\s+(?:on|about)\s+"
                            r"(?P<on2>[^?.!,]{1,80}?))?)?[\s?.!]*$", re.IGNORECASE)
# ... words that name the index itself: "of the whole corpus", "of the total papers"
_INDEX_WORDS = re.compile(r"\b(?:whole|total|entire|full|indexed|all|the|in|of|index|corpus"
                          r"|collection|dataset|list|papers?)\b", re.IGNORECASE)
# the papers on both of the last two topics listed: "which papers study both?"
_BOTH = re.compile(r"^\s*(?:and\s+)?(?:(?:which|what|any|(?:are|is)\s+there\s+(?:any\s+)?)\s*(?:papers?\s+"
                   r"|ones?\s+)?(?:that\s+)?)?(?:stud(?:y|ies)"
                   r"|covers?|address(?:es)?|uses?|mentions?|combines?|(?:are|is)\s+(?:about|on)|do"
                   r"|does)?\s*both(?:\s+of\s+them|\s+topics)?[\s?.!]*$", re.IGNORECASE)
# a topic left out, at the question's end: "... bandits but not regret", "excluding X",
# "except for X", "other than X", "that do not use X", "which are not about X"
_WITHOUT = re.compile(r"\s*,?\s*\b(?:(?:but\s+not|and\s+not|excluding|except(?:\s+for)?|other\s+than)"
                      r"(?:\s+(?:the\s+)?(?:those|ones|papers?))?(?:\s+(?:on|about|using|with))?"
                      r"|(?:(?:that|which)\s+)?(?:do(?:es)?|are|is)(?:\s+not|n't)\s+(?:study|use"
                      r"|mention|address|consider|involve|name|about|on|using|rely\s+on|need)"
                      r"|(?:(?:that|which)\s+)?avoid(?:s|ing)?(?:\s+(?:using|the\s+use\s+of))?)"
                      r"\s+(?:the\s+)?(?P<x>[^?.!]+?)(?:\s+(?:ones|papers?|works?))?[\s?.!]*$",
                      re.IGNORECASE)  # "excluding (the) multimodal ones": multimodal; "which of
# these avoid replay buffers?": those not naming them
# the question's own verb after "papers" ("which paper introduced DPO?", "papers that discuss
# X", "which papers have looked at X"): no word the papers must name
_ASKED_VERB = re.compile(
    rf"\b({_PAPERS}|authors?)\s+(?:(?:that|which|who)\s+)?"
    r"(?:(?:have|has|had|do|does|did|were|was|are|is|been|first|also|mainly|mostly)\s+)*"
    r"(?:(?:introduc|present|discuss|address|tackl|investigat|explor|examin|consider|describ"
    r"|publish|appear|releas"
    r"|mention|employ|leverag|adopt|cover|report|propos|develop|analy[sz]|evaluat|combin"
    r"|integrat|unif|bridg|connect)\w*"
    r"(?:\s+(?:on|with|about))?|focus(?:es|ed)?\s+on|deal(?:s|t)?\s+with|relat(?:e[sd]?|ing)\s+to"
    r"|concern(?:ed|ing)?(?!\s+(?:is|are|was|were|do|does|did|has|have|about|over|raised)\b)"
    r"|touch(?:es|ed|ing)?\s+(?:on|upon)"
    r"|look(?:s|ed)?\s+(?:at|into)|appl(?:y|ies|ied)|work(?:s|ed)?\s+on)\b"
    # ... and "new" or "novel" after it ("propose new benchmarks for X": not "novel view
    # synthesis", "novel classes")
    r"(?:\s+(?:(?:a|an|some|several)\s+)?(?:new|novel)\b(?![-\u2010\u2011])(?!\s+(?:views?"
    r"|class(?:es)?|categor\w*|objects?|concepts?|environments?|tasks?|domains?|words?"
    r"|entit(?:y|ies)|york|zealand|jersey|delhi|mexico|hampshire|orleans|england|guinea)\b))?",
    re.IGNORECASE)
# a title the question quotes as a paper's: "who wrote 'Attention Is All You Need'?", "what
# does the paper “X” propose?" (a paper no title is says so, not others' as if it); not a
# method "called 'X'"
_QUOTED_TITLE = re.compile(r"\b(?:(?:paper|article)(?:\s+(?:titled|called|named|entitled))?|titled"
                           r"|entitled|wrote|authors?\s+of)\s+[\"'\u201c\u2018]"
                           r"(?P<t>[^\"\u201d\u2019]{8,}?)[\"'\u201d\u2019]", re.IGNORECASE)
# two verbs on one object ("methods to detect or reduce hallucinations", "papers that detect
# and mitigate backdoors"): the papers on the object, not on "detect" or on "reduce X"
_ACT = (r"(?:detect|identif|reduc|mitigat|prevent|avoid|remov|eliminat|correct|measur|quantif"
        r"|evaluat|assess|estimat|predict|explain|interpret|understand|analy[sz]|improv|enhanc"
        r"|defend|counter|combat|tackl|handl|locat|diagnos|repair|alleviat|suppress)\w*")
_ACT_OR_ACT = re.compile(rf"\b(?:(?:that|which)\s+)?(?:to\s+)?{_ACT}\s+(?:or|and|and/or|/)\s+"
                         rf"{_ACT}\s+(?=\w)", re.IGNORECASE)
# citations asked for ("which papers cite DPO?", "papers that build on X"): abstracts hold no
# reference lists, so the papers naming X are listed, and the first line says so
_CITING = re.compile(r"\b(?<!most\s)(?<!least\s)(?<!highly\s)(?<!widely\s)(?<!often\s)"
                     r"(?<!frequently\s)(?<!heavily\s)(?<!well\s)(?<!well-)"  # "most cited": a
                     r"(?:(?:that|which|who)\s+)?(?:cite[sd]?|citing|referenc(?:e[sd]?|ing)"  # rank
                     r"|build(?:s|ing)?\s+(?:up)?on)\b", re.IGNORECASE)
# ... not the papers a reader should cite or read ("Which papers on X should I cite?": those on
# X, the words no topic)
_SHOULD_READ = re.compile(r"\b(?:should|must|could|can|do)\s+(?:i|we|one|you)\s+(?:cite|read|look\s+at"
                          r"|consider|know(?:\s+about)?|start\s+with|check(?:\s+out)?)(?=[\s?.!]*$)",
                          re.IGNORECASE)
# a number of papers asked for: "give me three papers on X", "list 5 COLT papers on Y"
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "a couple of": 2, "a few": 3}
# a count of papers picked or asked for, as the question writes it: "three", "10"
_N_WORD = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})"
_COUNT = re.compile(rf"(?<![\w.,-])(\d{{1,2}}|{'|'.join(_NUMBERS)})\s+(?={_NAMED}{_PAPERS}\b)",
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
                     r"|please|(?:(?:i'm|i\s+am|we're|we\s+are)\s+)?(?:looking|searching)\s+for"
                     r"|i\s+(?:want|need|would\s+like)(?:\s+to\s+(?:find|see|read))?"
                     r"|i['\u2019]d\s+like(?:\s+to\s+(?:find|see|read|learn))?(?:\s+about)?"
                     r"|(?:do|does)\s+(?:you|it|the\s+corpus)\s+have|help\s+me\s+find)\s+"
                     r"(?:please\s+)?)+", re.IGNORECASE)
# ... of which "does it have X?" asks the last answer's paper where it was on few
_IT_HAVE = re.compile(r"^\s*(?:(?:and|so)[\s,]+)?does\s+it\s+have\b(?!\s+(?:(?:a|an|any|some)\s+)?"
                      r"(?:papers?|works?|articles?|research|studies|study|anything|something"
                      r"|stuff)\b)", re.IGNORECASE)
# the topic of the last listing, named by a pronoun at the end: "which labs are leading in
# that?", "who works on this topic?", "what about 2024 in that area?", "which institutions are
# most active in it?" (QuestionReader.plan; not "this" or "in it" after an answer on one
# paper: "which papers build on this?" is of that paper)
_THAT_TOPIC = re.compile(
    r"\b(?:(?:in|on|about|for|with|within)\s+(?:that|this|(?:this|that|the\s+same)\s+(?:area|field"
    r"|topic|direction|space|domain|subject|line\s+of\s+(?:work|research)))|in\s+it)(?=[\s?.!]*$)",
    re.IGNORECASE)  # ("which papers build on it?" asks of a paper)
# a listing named by its topic: "which of the LoRA papers are about vision?" (of those; it
# searched "LoRA vision")
_OF_THE_TOPIC = re.compile(r"^\s*(?:and\s+)?(?:which|how\s+many)\s+(?:ones\s+)?(?:of|in|from)\s+"
                           r"(?P<the>the\s+(?P<t>.+?)\s+(?:papers|ones|works|articles|(?P<list>list"
                           r"(?:ing)?|results|answer)))\b(?!['\u2019])", re.IGNORECASE)  # ("which of the
# first list are orals?": of the list "go back to the first list" names, _list_named)
# the last answer's papers summarized, asked with "the" ("summarize the key ideas", "what are
# the main points?"; it searched "ideas"), where there is one (QuestionReader.plan)
_KEY_POINTS = (r"(?:(?:main|key|core|central|most\s+important)\s+)?(?:ideas|points|findings"
               r"|contributions|takeaways|conclusions|results)")
_THE_KEY_POINTS = re.compile(
    rf"{_LEAD}(?:summari[sz]e|what\s+(?:are|were))\s+the\s+"
    rf"{_KEY_POINTS}[\s?.!]*$", re.IGNORECASE)
# ... summarized: "summarize the theoretical ones", "describe the LoRA papers" (a listing's
# papers, named by its topic: it searched "theoretical ones")
_SUMMARIZE_THE = re.compile(r"^\s*(?:(?:and|now|ok(?:ay)?|so)[\s,]+)?(?:summari[sz]e|describe)\s+the"
                            r"\s+(?P<t>.+?)\s+(?:papers|ones|works|articles)[\s?.!]*$", re.IGNORECASE)
# "with Sergey Levine?", "and co-authored with X?", "only the ones with X" after a list:
# those of its papers that author wrote too
_WITH_AUTHOR = re.compile(r"^\s*(?:(?:and|but|so|now|only|just)[\s,]+)*(?:the\s+ones\s+|those\s+"
                          r"|(?:are\s+there\s+)?any\s+(?:(?:papers?|ones)\s+|of\s+(?:them|those)\s+)?"
                          r"|(?:did|does|has|have)\s+(?:he|she|they)\s+(?:write|written|publish(?:ed)?"
                          r"|have)\s+any(?:thing|\s+papers?|\s+ones)?\s+)?"
                          r"(?:(?:co-?)?(?:authored|written)\s+)?(?:with|together\s+with|jointly\s+with)\s+"
                          r"(?P<who>[^\W\d_][\w.' -]*?)[\s?.!]*$", re.IGNORECASE)
# the words asking what an institution did, no topic: "how many papers did Mila people write?"
_ASKED_OF_INSTITUTION = re.compile(r"\b(?:how\s+many|people|researchers|authors|scientists|write"
                                   r"|wrote|written|publish(?:ed)?|work(?:ed)?|ones?)\b",
                                   re.IGNORECASE)  # ("which ones are from Google?": no topic)
# how the last list's topic grew: "how has this changed since 2024?", "how did it evolve?"
_CHANGED_THEM = re.compile(rf"{_LEAD}how\s+(?:has|have|did)\s+(?:this|that|it|they|these"
                           r"|those|the\s+(?:field|topic|area|research|work))(?:\s+\w+)?\s+"
                           r"(?:chang|evolv|develop|grow|grown|shift|progress)\w*(?:\s+(?:since"
                           r"|from|after|before|over|in|between|through)\s+(?:the\s+)?(?:\d{4}"
                           r"|years|time|decades?|past|last|recent)\b[^?.!]*)?[\s?.!]*$",
                           re.IGNORECASE)  # (not "how does it change in the federated
# setting?": a question on the papers)
# a status named as a track: "which ones are from the spotlight track?", "papers in the oral
# track on X" (spotlight papers, oral papers; "track" was a word to find)
_STATUS_TRACK = re.compile(
    rf"(?:\b(?:papers|ones|works)\s+)?\b(?:(?:from|in|of)\s+)?(?:the\s+)?(?P<s>{STATUS_WORDS})\s+"
    r"(?:tracks?|categor(?:y|ies))\b", re.IGNORECASE)
# a narrowing of papers picked by their place: "which of the first five are spotlights?", "are
# any of the last three orals?", "do any of the first 10 use X?"
_OF_PICKED = re.compile(rf"{_LEAD}(?:which|(?P<any>(?:are|is|do|does)\s+any))\s+of\s+(?P<which>the\s+"
                        rf"(?:first|last|top)\s+{_N_WORD}(?:\s+(?:ones|papers|results))?)\s+"
                        r"(?P<rest>\w.*)$", re.IGNORECASE)
# ... an institution in it: "which of them also involve Google?", "... include authors from
# MIT?" (QuestionReader._plan: "from Google")
_INVOLVING = re.compile(r"^(?:also\s+)?(?:involve|include|feature|have)\s+(?:(?:authors?|researchers"
                        r"|people|someone|anyone)\s+(?:from|at)\s+)?(?P<x>[^?.!]+?)(?:\s+too|\s+as\s+well)?"
                        r"[\s?.!]*$", re.IGNORECASE)
# ... its authors at an institution: "who are the Stanford authors among them?", "which
# authors are from Google?"
_AUTHORS_AT = re.compile(
    rf"{_LEAD}(?:who|which\s+(?:authors|researchers|people))\s+(?:are|were|is)\s+(?:the\s+)?"
    r"(?:(?P<x>(?!(?:main|key|top|most|first|last|other)\b)\w[\w&.'-]*(?:\s+[\w&.'-]+){0,3}?)\s+"
    r"(?:authors|researchers|people)|(?:from|at)\s+(?P<y>\w[\w&.'-]*(?:\s+[\w&.'-]+){0,3}?))"
    r"(?:\s+(?:among|in|of|on)\s+(?:them|those|these|the\s+(?:list|papers|results)))?[\s?.!]*$",
    re.IGNORECASE)
# ... of its papers at a venue, year or status: "which of the 2025 ones are orals?", "are any
# of the CoRL ones spotlights?"
_OF_THE_ONES = re.compile(rf"{_LEAD}(?:which|(?P<any>(?:are|is|do|does)\s+any))\s+of\s+the\s+"
                          r"(?P<w>(?!(?:first|last|top|other|remaining)\b)[\w-]+(?:\s+[\w-]+){0,2}?)"
                          r"\s+ones\s+(?P<rest>\w.*)$", re.IGNORECASE)  # (not "which of the
# NeurIPS papers study X?": a question of its own)
# "are there any other papers on X?", "any other unlearning papers?": besides those listed
_ANY_OTHER = re.compile(r"(?<!\bthe\s)\bother\s+(?=(?:[\w-]+\s+){0,4}?(?:papers?|works|articles?"
                        r"|studies)\b)", re.IGNORECASE)  # (not "the other ones": the rest)
# a kind of thing asked of the last answer's papers, no verb: "what tools?", "which datasets?"
_LISTED_THINGS = (r"papers|ones|others|works|articles|authors|venues|years|institutions"
                  r"|conferences|topics|areas|sessions|days|things")  # (questions of their own)
_WHAT_BARE = re.compile(rf"{_LEAD}(?:which|what)\s+(?!(?:{_LISTED_THINGS}|is|was|does|this)\b)"
                        r"(?P<x>[^\W\d_]{3,}s)[\s?.!]*$", re.IGNORECASE)
# ... "what are the rates?", "what are the defenses proposed?" (not the papers; an aspect,
# "what are the limitations?", "what are the open problems?", as "what are their limitations?")
_WHAT_ARE_THE = re.compile(
    rf"{_LEAD}what\s+(?:are|were)\s+the\s+(?!(?:{_LISTED_THINGS}|results|differences|similarities"
    r"|trends|titles|links|urls|ids|statuses|affiliations|abstracts|citations|references|names"
    r"|dates)\b)(?P<x>open\s+(?:problems|questions|challenges)|future\s+(?:directions|work"
    r"|research(?:\s+directions)?)|failure\s+modes|[^\W\d_]{3,}s)(?:\s+(?:proposed|used|given"
    r"|obtained|achieved|reported|shown|studied|considered))?[\s?.!]*$", re.IGNORECASE)
# ... "what are the main techniques?", "what are the common datasets?": what they use
_THE_MAIN_USED = re.compile(
    rf"{_LEAD}what\s+(?:are|were)\s+the\s+(?:main|key|common|most\s+common|typical|primary|usual)\s+"
    r"(?P<x>techniques|methods|approaches|datasets|benchmarks|tools|models|architectures|baselines"
    r"|metrics|algorithms|frameworks)(?:\s+(?:used|they\s+use|in\s+(?:them|these|those)))?[\s?.!]*$",
    re.IGNORECASE)
# ... "show me the papers on personalization among them": of the last answer's papers
_ON_X_AMONG = re.compile(
    rf"{_LEAD}(?:(?:show|list|give|find)(?:\s+(?:me|us))?\s+)?(?:the\s+)?(?:papers?|ones)\s+(?:on|about"
    r"|regarding)\s+(?P<x>\S.*?)\s+(?:among|of|from|in)\s+(?:them|those|these)[\s?.!]*$",
    re.IGNORECASE)
# "the ones from Stanford", "which ones are about X?" (read as papers where there is no list)
_ONES_WITHOUT_LIST = re.compile(r"\b(?P<w>the|which|what|any|all)\s+ones\b(?=\s+(?:(?:are|were)\s+)?"
                                r"(?:from|at|by|on|about|in|with|that|which|using|published"
                                r"|accepted|presented)\b)", re.IGNORECASE)
# "is there code?", "does it have code?", "is the code available?", "where can I find their
# code?", "any papers with code?": of the last answer's papers
_CODE_OF_THEM = re.compile(
    rf"{_LEAD}(?:is\s+there\s+(?:any\s+)?(?:code|an?\s+implementation|a\s+repo"
    r"(?:sitory)?)|(?:are\s+there\s+)?any\s+(?:(?:papers?|ones)\s+)?with\s+(?:(?:linked|public"
    r"|available|released|open[- ]source)\s+)?code|(?:does|do|did)\s+(?:it|this|that|they|these"
    r"|those)(?:\s+papers?)?\s+(?:have|link"
    r"|release|provide|share|come\s+with)\s+(?:any\s+|its\s+|their\s+|the\s+)?code|(?:is|was|are)\s+"
    r"(?:its|their|the)\s+code\s+(?:available|released|public|online|open[- ]source[d]?)|where\s+(?:is"
    r"|can\s+i\s+(?:find|get))\s+(?:the|its|their)\s+code)(?:\s+(?:for|of|in)\s+(?:it|this|that|them)"
    r"(?:\s+papers?)?)?(?:\s+(?:available|online|released|public|open[- ]sourced?))?[\s?.!]*$",
    re.IGNORECASE)
# "compare with 2024", "how do they compare to the AISTATS ones?", "compare them to diffusion
# models" after a listing: its topic at both, or both topics (QuestionReader._compared_with)
_COMPARE_WITH = re.compile(
    r"^\s*(?:(?:and|so|now|ok(?:ay)?)[\s,]+)?(?:(?:compare|contrast)(?:\s+(?:it|them|this|that|these"
    r"|those|the\s+list))?\s+(?:with|to|against|and(?!\s+contrast\b))|how\s+(?:do|does|did)\s+"
    r"(?:they|it|this|that|these|those)(?:\s+papers)?\s+compare\s+(?:to|with|against))\s+(?:the\s+)?"
    r"(?P<y>.+?)(?:\s+(?:ones|papers))?[\s?.!]*$", re.IGNORECASE)
# "how do they differ?", "compare them", "what are the differences between them?": the last
# answer's papers set against each other (a summary of them; where it is on one paper, said so)
_DIFFER_THEM = re.compile(
    r"^\s*(?:(?:and|so|now|ok(?:ay)?)[\s,]+)?(?:how\s+(?:do|does|did|are|were)\s+(?:they|these|those"
    r"|the\s+papers)(?:\s+(?:papers|ones))?\s+(?:differ|compare|contrast|different)"
    r"|(?:compare|contrast)\s+(?:them|these|those|the\s+papers)(?:\s+(?:papers|ones))?"
    r"|(?:what\s+(?:are|is)\s+)?(?:the\s+)?(?:main\s+|key\s+)?differences?\s+between\s+(?:them|these"
    r"|those)(?:\s+(?:papers|ones))?|what\s+(?:sets\s+them\s+apart|distinguishes\s+them))"
    r"(?:\s+from\s+each\s+other|\s+(?:to|with)\s+(?:each\s+other|one\s+another))?[\s?.!]*$",
    re.IGNORECASE)
_THEM_WORDS = re.compile(  # (not "these" before what a paper holds: "what do these results
    r"\b(?:them|ones|(?:those|these)(?!\s+(?:results|findings|numbers|claims|experiments|bounds"
    r"|conclusions|contributions|ideas|insights|observations|guarantees|theorems|figures)\b))\b",
    re.IGNORECASE)  # imply?" after a pick asks of the paper picked)


def _them_of(question: str, conversation: Conversation | None) -> Turn | None:
    """The answer whose papers "them", "those", "these" or "ones" in ``question`` are, as
    the "they" of "how do they differ?": the last with papers; after a pick of one paper
    ("tell me about the 2nd one"), the list it was picked from ("summarize them", "which of
    them use X?", "compare them": not the one paper)."""
    if not conversation:
        return None
    of = conversation.answered
    if of and of.picked and len(of.paper_ids) == 1 and (listed := conversation.listed) and (
            _THEM_WORDS.search(question) or _DIFFER_THEM.match(question)):
        return listed
    return of


# "are there any about convergence specifically?", "any on X in particular?": of the last
# answer (as "any on X?" is not: a search)
_ANY_IN_PARTICULAR = re.compile(
    rf"{_LEAD}(?:(?:are\s+there|do\s+you\s+have|is\s+there)\s+)?"
    r"any(?:thing|\s+ones?|\s+papers?)?\s+(?:on|about|regarding|that\s+(?:study|address|cover)"
    r"|dealing\s+with)\s+(?P<x>.+?),?\s+(?:specifically|in\s+particular|particularly)[\s?.!]*$",
    re.IGNORECASE)
# ... of the last answer, where no listing is of them: "summarize the 2024 ones", "describe
# the ones that use transformers", "summarize those from COLT" (it searched "2024 ones")
_SUMMARIZE_THE_ONES = re.compile(
    r"^\s*(?:(?:and|now|ok(?:ay)?|so)[\s,]+)?(?:summari[sz]e|describe)\s+(?:the\s+(?P<t>.+?)\s+ones"
    r"|(?:the\s+ones|those)\s+(?:(?:that|which)\s+(?P<v>.+?)|(?P<p>(?:with|using|on|about|from|by"
    r"|in|at)\s+.+?)))[\s?.!]*$", re.IGNORECASE)
# ... not how to summarize, or which ones by place: "summarize those in two sentences",
# "describe those in more detail", "summarize the first two ones", "the other ones"
_HOW_SUMMARIZED = re.compile(r"\b(?:detail|sentences?|words|lines|paragraphs?|bullets?|points|briefly"
                             r"|simply|plain|short)\b|^\s*\S+\s+the\s+(?:first|second|third|last|other|top"
                             r"|next|previous|remaining|\d{1,2})\b", re.IGNORECASE)
# ... and what the papers are wanted for, at the end: "papers on X for my literature review",
# "... for a survey I'm writing", "... for my thesis" (it searched "literature review")
_WANTED_FOR = (r"(?:own\s+)?(?:(?:upcoming|current|new|phd|master['\u2019]?s|ml|research|term|class"
               r"|group|lab|reading)\s+)?(?:literature\s+(?:review|survey)|lit(?:erature)?\s+review"
               r"|survey|thesis|dissertation|project|related[\s-]+work(?:\s+section)?|reading\s+"
               r"(?:list|group)|journal\s+club|seminar|talk|presentation|class|course|proposal"
               r"|grant|report)")
_PURPOSE = re.compile(  # (mine, or one I am writing: "for a presentation" may be a topic's)
    r"(?<![\s,])[\s,]+(?:for|to\s+(?:cite\s+in|include\s+in|read\s+for))\s+(?:(?:my|our)\s+"
    rf"{_WANTED_FOR}(?:\s+(?:i['\u2019]m|i\s+am|we['\u2019]re|we\s+are)\s+(?:writing|preparing"
    rf"|giving|doing|working\s+on))?|(?:a|an|the)\s+{_WANTED_FOR}\s+(?:i['\u2019]m|i\s+am|we['\u2019]re"
    r"|we\s+are|i|we)\s+(?:writing|preparing|giving|doing|working\s+on|write|prepare|give))"
    r"(?=[\s?.!]*$|\s+(?:on|about|regarding)\s)", re.IGNORECASE)  # ("papers for my thesis on X")
# an author called by the last name alone, where the question says it is an author: "papers by
# Bengio (on X)", "what did Bengio work on?", "Bengio's papers" (not "by hand", "by design");
# each author of that name where at most _SURNAME_NAMES have it (QuestionReader._author_named);
# where more have it, every one's papers on the question's topic, or without one the answer
# asks which
_BY_IDIOM = (r"(?!(?i:hand|design|default|construction|chance|example|far|contrast|comparison"
             r"|definition|nature|accident|itself|themselves|year|date|topic|venue|relevance)\b)")


def _author_frame(name: str, *, not_by: str = "") -> re.Pattern[str]:
    """Where a question says a ``name`` (a regex) is an author's: "papers by NAME (on X)" (not
    where ``not_by`` matches after "by"), "what (topics) did NAME work on?", "how many papers
    did NAME have?", "NAME's papers",
    "which papers have NAME as an author?", "is NAME an author of ...?", "the papers of NAME";
    the name in the group ``by``, ``of``, ``did``, ``own``, ``among`` or ``is``."""
    return re.compile(
        rf"\bby\s+{not_by}(?P<by>{name})(?:['\u2019]s)?(?=[\s?.!,]*$|\s+(?:on|about|in|at|from"
        r"|that|which|who|since|before|after|during|and|or|with|stud(?:y|ies|ying)|uses?|using"
        r"|are|were"
        r"|propos\w*|published|work\w*)\b)"
        rf"|\b(?:papers|work|publications|research)\s+of\s+(?P<of>{name})(?=[\s?.!,]*$|\s+(?:on"
        r"|about|in|at|from|since|before|after|during|and|or|with)\b)"
        rf"|^\s*(?:what|which)\s+(?:{WORK_NOUN}\s+)?(?:did|does|has|have)\s+(?P<did>{name})"
        r"(?:\s+(?:and|or|&)\s+[^\W\d_][\w.-]*(?:\s+[^\W\d_][\w.-]*)?)?"  # "... and B work on?"
        r"\s+(?:work|publish|write|wr[io]t|do|stud|research|co-?author|have|got)"
        rf"|(?<![\w-])(?P<own>{name})['\u2019]s\s+(?:papers?|work|research|publications)\b"
        rf"|\b(?:have|has|having|with)\s+(?P<among>{name})\s+as\s+(?:an?\s+|the\s+|its\s+)?"
        r"(?:(?:first|last|senior|corresponding)\s+)?(?:co-?)?authors?\b"
        rf"|^\s*(?:is|was)\s+(?P<is>{name})\s+(?:an?\s+)?(?:co-?)?author\b",
        re.IGNORECASE)


# ... a last name, with its particles ("van der Schaar", "de Freitas")
_SURNAME = _author_frame(r"(?:(?:van|von|de|der|den|del|della|di|da|du|dos|das|le|la|ter|ten)\s+)"
                         r"{0,2}[^\W\d_][\w-]*?", not_by=_BY_IDIOM)
_SURNAME_NAMES = 5
# where a question says a name of two to four words is an author's, whether or not the catalog
# holds it: "papers by Kaiyi Jin (on X)", "what did Peter Abbeel publish?", "Joshua Bengio's
# papers" (QuestionReader._author_named reads a name no author has as the closest that one does)
_NAME = r"[^\W\d_][\w.-]*(?:\s+[^\W\d_][\w.-]*){1,3}?"
_NAME_FRAME = _author_frame(_NAME)
# a capitalized word just before a last name, no word a question starts with
_FIRST_NAME = re.compile(r"(?<![\w-])(?!(?:summari[sz]e|describe|list|show|find|give|compare"
                         r"|which|what|are|is|did|do|explain)\b)[A-Z][\w-]*\s+$", re.IGNORECASE)
# where a venue's short name typed in lowercase reads as one: "colt 2024 papers", "from uai"
_VENUE_BEFORE = (rf"(?=\s+(?:{YEAR}|(?:papers?|orals?|spotlights?|posters?|publish\w*|present\w*"
                 r"|accept\w*)\b))")  # "what did corl publish on X?"
_VENUE_AFTER = r"(?:(?<=from )|(?<=\bat )|(?<=\bin ))"
# a question on what the papers on a topic do: "what problems do papers on X address?" (the
# papers to draw on are those on X; the question is asked of them as written)
_WHAT_DO = re.compile(r"^\s*what\s+(?:[\w-]+\s+){1,2}?(?:do|does|did)\s+(?:the\s+)?(?:papers?|works?"
                      r"|studies|articles)\s+(?:on|about|in)\s+(?P<topic>.+?)\s+[\w-]+\s*[?.!]*$",
                      re.IGNORECASE)
# ... "what are COLM 2025 papers saying about reasoning?", "what do the authors report on X?"
_PAPERS_SAY = re.compile(
    r"^\s*what\s+(?:are|do|did|does)\s+(?:the\s+)?(?P<who>(?:[\w'.-]+\s+){0,4}?(?:papers|works"
    r"|studies|articles))\s+(?:saying|say|said|tell(?:ing)?\s+us|report(?:ing)?|find(?:ing)?"
    r"|conclud(?:e|ing))\s+(?:about|on|regarding)\s+(?P<topic>[^\s?!][^?!]*?)[\s?.!]*$",
    re.IGNORECASE)  # (no "?" in a topic: a run of them after it was swept from each, 1.7 s)
# ... "what are people doing with X?", "what are researchers working on in X?": a summary
_PEOPLE_DOING = re.compile(r"^\s*what\s+(?:are|is|have)\s+(?:people|researchers|folks|scientists"
                           r"|authors)\s+(?:been\s+)?(?:doing|working|trying|done)(?:\s+on)?"
                           r"\s+(?:with|on|in|about|for)\s+(?=\S)", re.IGNORECASE)
# ... what the papers use: "which datasets do they evaluate on?", "what benchmarks do papers
# on X use?", "which robots do they use?", "what baselines do they compare against?", "what
# assumptions do they make?": the papers (on X), each by its sentence naming them
_DATA_USED = re.compile(
    r"^\s*(?:and\s+)?(?:which|what)\s+(?!(?:papers|ones|works|articles|this|its|is)\b)"
    r"(?P<aspect>[^\W\d_]{3,}s|data|hardware|software)\s+(?:(?:do|does|did|are|were)\s+"
    r"(?P<who>.+?)\s+(?:use[sd]?|evaluated?\s+on|tested\s+on|test\s+on|train(?:ed)?\s+on"
    r"|experiment\s+on|rel(?:y|ies)\s+on|report|compare\s+(?:against|to|with)|employ|adopt"
    r"|run\s+on|deploy\s+on|make|require|need|impose)(?:\s+(?:on|with))?"
    # ... "what datasets are commonly used for offline RL?"
    r"|(?:are|were|is)\s+(?:(?:most\s+)?(?:commonly|often|typically|usually|frequently|widely)\s+)?"
    r"(?:used|evaluated|employed|adopted)\s+(?:for|in|on|by)\s+(?P<for>.+?))[\s?.!]*$",
    re.IGNORECASE)
# ... "what's the most common dataset among them?", "which benchmark is the most popular
# for offline RL?": as which they use (the abstracts give no counts of them)
_MOST_USED = re.compile(
    r"^\s*(?:and\s+)?(?:what(?:'s|\s+is|\s+are)|which)\s+(?:(?:is|are)\s+)?(?:the\s+)?(?:most\s+"
    r"(?:common(?:ly\s+used)?|popular|frequent(?:ly\s+used)?|used|widely\s+used)\s+)?"
    r"(?P<aspect>datasets?|benchmarks?|baselines?|metrics?|architectures?|tools?|frameworks?"
    r"|optimizers?|simulators?|robots?|backbones?|models?)(?:\s+(?:is|are)\s+(?:the\s+)?most\s+"
    r"(?:common(?:ly\s+used)?|popular|frequent(?:ly\s+used)?|used|widely\s+used))?"
    r"(?:\s+(?:among|in|across|by|of)\s+(?P<who>them|those|these|(?:these|those|the)\s+(?:papers"
    r"|ones))|\s+(?:for|in|on)\s+(?P<for>[^?.!]+?))?[\s?.!]*$", re.IGNORECASE)
# "what are the limitations of X?": the papers on X, their sentences on that aspect first
_ASPECT_WORDS = (r"(?P<aspect>limitations?|drawbacks?|weaknesses|shortcomings|challenges|advantages"
                 r"|benefits|strengths|applications|open\s+(?:problems|questions|challenges)|risks"
                 r"|assumptions|failure\s+modes|criticisms?|critiques?|future\s+(?:directions|work"
                 r"|research(?:\s+directions)?))")
_ASPECT = re.compile(
    r"^\s*what\s+(?:are|were|is)\s+(?:the\s+|some\s+)?(?:(?:main|key|known|major|common)\s+)?"
    rf"{_ASPECT_WORDS}\s+(?:of|in|for|with|to|on|about|regarding)\s+(?P<topic>.+?)[\s?.!]*$",
    re.IGNORECASE)


def named_aspect(aspect: str) -> bool:
    """Whether an abstract says so where it names ``aspect`` ("limitations", "datasets"): not
    a thing it may name without the word ("robots": "a Franka arm")."""
    return bool(re.fullmatch(_ASPECT_WORDS, aspect, re.IGNORECASE)) or aspect.lower() in (
        "datasets", "benchmarks")


# ... of the last answer's papers: "what are their limitations?", "and its drawbacks?"
_THEIR_ASPECT = re.compile(
    r"^\s*(?:and\s+)?(?:(?:what|which)\s+(?:are|were|is)\s+|what\s+about\s+)?(?:their|its)\s+"
    rf"(?:(?:main|key|known|major|common)\s+)?{_ASPECT_WORDS}[\s?.!]*$", re.IGNORECASE)
_HOW_MANY = re.compile(rf"{_LEAD}how many\b", re.IGNORECASE)
# a verb asking to see papers, and a status's papers named alone: "show me the orals", "list
# the posters" (_WHAT_ABOUT, _SHOW_STATUS)
_SHOW_VERB = r"(?:(?:show|give)(?:\s+me)?\s+|list\s+|display\s+)"
_THE_STATUSES = r"the\s+(?:orals|posters|spotlights)[\s?.!]*$"
# a follow-up naming only what changes: "what about federated learning?", "how about
# Stanford?", "and spotlights?" (not "and which of them ...?": a question of its own)
_WHAT_ABOUT = re.compile(r"^\s*(?:(?:and|but|so)\s+)?(?:what|how)\s+about\s+(?P<x>.+?)[\s?.!]*$"
                         r"|^\s*and\s+(?P<y>(?!(?:which|what|who|whom|how|why|where|when|do|does"
                         r"|did|is|are|was|were|can|could|should|would|will|of|among)\b).+?)"
                         r"[\s?.!]*$"
                         # a correction: "no, I meant vision transformers", "sorry, I mean 2025"
                         r"|^\s*(?:(?:no|nope|sorry|oops|actually|ah|oh)\b[\s,.!]*)*I\s+(?:meant"
                         r"|mean|wanted)\s+(?P<z>.+?)[\s?.!]*$"
                         # a filter alone: "from COLM", "only at CoRL 2025", "in 2024?",
                         # "only 2025", "show me the orals", "the posters?"
                         r"|^\s*(?P<w>(?:(?:only|just)\s+(?:(?:from|at|in)\s+)?|(?:from|at|in)\s+"
                         rf"|{_SHOW_VERB}?(?={_THE_STATUSES}))\S.*?)[\s?.!]*$",
                         re.IGNORECASE)
# ... the form of it naming a status with the papers' word alone: "show me the orals", "list
# the posters" (of the last list only; else the catalog's)
_SHOW_STATUS = re.compile(rf"^\s*{_SHOW_VERB}?{_THE_STATUSES}", re.IGNORECASE)
# ... the words after what changes: "transformers instead", "grasping, not manipulation" (the
# last question's topic is replaced anyway)
_INSTEAD = re.compile(r"\s*(?:,?\s+(?:instead|rather)(?:\s+(?:of|than)\s+.+)?"
                      r"|,\s*(?:and\s+)?not\s+.+)$", re.IGNORECASE)
# what such a follow-up may call the papers before what it names: "the ones from MIT"
_ONES = re.compile(r"^(?:the\s+)?(?:papers?|ones|those|work)\s+(?=(?:on|about|from|by|at|in)\b)",
                   re.IGNORECASE)
_PAPERS_WORD = re.compile(r"\bpapers?\b", re.IGNORECASE)
# words right before the institutions a question names saying the papers are their joint work
# ("papers co-authored by Stanford and Google researchers": as_from made it "co-authored from
# Stanford and Google")
_JOINT = re.compile(r"\b(?:jointly|co-?authored|co-?written)(?:\s+by)?\s*$", re.IGNORECASE)
_WORKED_ON = re.compile(rf"^\s*what\s+(?:{WORK_NOUN}\s+)?(?:did|does|do|has|have)\s+(?P<who>.+?)\s+"
                        r"(?:work(?:ed)?\s+on|publish(?:ed)?|wr[io]te|written|stud(?:y|ied))$",
                        re.IGNORECASE)
# ... or "papers by X"; X a person's name: two to four capitalized words ("Geoffrey Hinton")
_PAPERS_BY = re.compile(r"^\s*(?:(?:list|show|find|give)\s+(?:me\s+)?)?(?:all\s+)?(?:the\s+)?papers"
                        r"\s+by\s+(?P<who>.+?)[\s?.!]*$", re.IGNORECASE)
_PERSON = re.compile(r"(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*){1,3}")
# papers two or three named authors wrote together: "papers by A and B", "Which papers did A
# and B write together?", "papers co-authored by A and B", "A's papers with B"; and "as an
# author" (QuestionReader._plan), no topic words once the names are out
_TOGETHER = re.compile(r"\b(?:and|with|together|jointly|co-?authored|co-?written|co-?authors?)\b",
                       re.IGNORECASE)
# ... words saying the papers are theirs together, and the frame asking what each worked on
_JOINTLY = re.compile(r"\b(?:together|jointly|joint(?=\s+(?:papers?|works?|publications?)\b)"
                      r"|co-?authored|co-?written|co-?authors?|with\s+each\s+other)\b",
                      re.IGNORECASE)
# ... a last name after "and", "or", "with" or "&": "papers by Levine and Finn"
_JOINED_NAME = re.compile(r"\b(?:and|or|with|&)\s+([^\W\d_][\w'-]*?)(?:['\u2019]s)?(?=[\s?.!,]|$)")
# ... a last name after "by", before the joining word of a name taken out of the question
# after it ("papers by Levine with Chelsea Finn": "papers by Levine with")
_NAME_JOINED = re.compile(r"\bby\s+([^\W\d_][\w'-]*?)(?:['\u2019]s)?\s+(?:and|with|&)(?=[\s?.!,]*$"
                          r"|\s+(?:on|about|in|at|from|write|wrote|work|publish|stud|papers?)\b)")
# what may follow a last name joined to an author's ("papers by Levine and Finn on X", "...
# and Finn write together?", "and Finn's papers"): not a word of a topic ("with Markov chains")
_AFTER_NAME = re.compile(r"\s*(?:[?.!,]|$|(?:on|about|in|at|from|since|before|after|between"
                         r"|during|for|to|write|wrote|written|work(?:ed)?|publish(?:ed)?|stud(?:y|ied)"
                         r"|research(?:ed)?|co-?author(?:ed)?|together|jointly|papers?|works?|are|were"
                         r"|is|was|have|has|did|do)\b)", re.IGNORECASE)
_WHAT_DID = re.compile(r"^\s*what\s+(?:(?:topics|problems|subjects)\s+)?(?:did|do|does|have|has)\b",
                       re.IGNORECASE)
_AUTHOR_WORDS = re.compile(r"\b(?:together|jointly|joint(?=\s+(?:papers?|works?|publications?)\b)"
                           r"|(?:co-?)?authored(?:\s+by)?|co-?written(?:\s+by)?"
                           r"|(?:(?:were|was|are|is|been)\s+)?(?:written|penned|published)\s+by"
                           r"|(?:as|among)\s+(?:an?\s+|the\s+|its\s+)?(?:(?:first|last|senior"
                           r"|corresponding)\s+)?(?:co-?)?authors?)\b"
                           r"|\b(?:(?:has|have|had)\s+)?(?:wr[io]te|written|published)\b(?=[\s?.!,]*$)"
                           r"|\ban?\s+(?:co-?)?author\s+(?:on|of)\b"  # "is X an author on any paper"
                           r"|(?:\b(?:and|with)\b\s*)+(?=[\s?.!,]*$"
                           r"|\s+(?:write|wr[io]te|written|publish|work|stud|research))", re.IGNORECASE)
# the verb of "what (topics) did X publish/work on/study ...?", once X is out of it, and the
# noun before it
_DID_VERB = re.compile(rf"^(?P<what>\s*(?:what|which))\s+(?:{WORK_NOUN}\s+)?"
                       r"(?P<aux>did|does|do|has|have)\s+"
                       r"(?:publish(?:ed)?|wr[io]te|write|written|work(?:ed)?(?:\s+on)?"
                       r"|stud(?:y|ied)|research(?:ed)?|co-?author(?:ed)?)\b", re.IGNORECASE)
# ... and the same once a venue, year or status the question names is out of it ("What did
# COLT 2023 publish on bandits?", "what has CoRL 2025 published about X?", "What did UAI 2024
# papers study on X?"): the papers on X, listed; no topic word ("publish", "study") left
_FILTER_DID = re.compile(r"^\s*(?:what|which)\s+(?:(?:papers?|work|research)\s+)?"
                         r"(?:did|does|do|has|have)\s+(?:(?:the|its|their)\s+)?(?:(?:papers?"
                         r"|orals|spotlights|posters|authors|researchers)\s+)?(?:been\s+)?"
                         r"(?:publish(?:ed)?"
                         r"|present(?:ed)?|feature[ds]?|include[ds]?|cover(?:ed)?|wr[io]te"
                         r"|accept(?:ed)?"
                         r"|written|stud(?:y|ied)|research(?:ed)?|work(?:ed)?)\b(?:\s+(?:on|about"
                         r"|in|into|regarding|concerning)\b)?", re.IGNORECASE)
# ... and of "did X publish (anything) at COLM?", "has X written any papers in 2024?": their
# papers there (no topic word)
_DID_ANY = re.compile(r"^\s*(?:did|does|do|has|have)\s+(?:(?:ever|already)\s+)?(?:publish(?:ed)?"
                      r"|wr[io]te|written|present(?:ed)?)\b(?:\s+(?:anything|any(?:\s+papers?)?"
                      r"|(?:a\s+)?papers?))?", re.IGNORECASE)
# a venue named again for another year: "COLT 2023 or COLT 2024", "COLT 2023, COLT 2024"
_AND_OR = r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&)\s+)"
_VENUE_TWICE = re.compile(rf"(?<![\w'-])([A-Za-z][\w-]*[A-Za-z])\s+({YEAR}(?:{_AND_OR}{YEAR})*)"
                          rf"({_AND_OR})\1\s+({YEAR})(?![\w'-])")
# a narrowing asking what an author wrote: "(which of them) did Levine write (with Finn)?"
_NARROW_DID = re.compile(r"^\s*(?:did|has|have)\s+(?P<who>.+?)\s+(?:write|wr[io]te|written"
                         r"|publish(?:ed)?|co-?author(?:ed)?|work(?:ed)?(?:\s+on)?)\b(?P<rest>.*)$",
                         re.IGNORECASE)
# the verb after a narrowing "which" with no noun ("which are orals?", "which use X?")
_NARROW_VERB = (r"(?:are|were|is|was|use[sd]?|using|stud(?:y|ies|ied|ying)|propose[sd]?|proposing"
                r"|address(?:es|ing)?|considers?|mentions?|do|does|did|have|has|handl(?:e[sd]?|ing)"
                r"|tackl(?:e[sd]?|ing)|deal(?:s|ing)?\s+with|focus(?:es|ing)?\s+on|look(?:ing)?\s+at"
                r"|cover[sd]?|explores?|investigates?|discuss(?:es)?|target[sd]?|appl(?:y|ies)(?:\s+to)?"
                r"|improves?|involve[sd]?|relat(?:e[sd]?|ing)\s+to|concern(?:ed|ing)?(?!\s+(?:is|are"
                r"|was|were|do|does|did|has|have|about|over|raised)\b)|touch(?:es|ing)?\s+(?:on|upon))")
# ... asking for those that are not something (after its lead): "(which ones) are not
# Bayesian", "(which of them) aren't about vision" (not a filter or state: "are not from
# 2024", "are not being presented", "are not orals")
_ARE_NOT = re.compile(
    r"^\s*(?:are|is|were|was)(?:\s+not|n['\u2019]t)\s+(?!(?:from|at|in|by|with|being|published"
    r"|presented|accepted|orals?|posters?|spotlights?)\b)(?:(?:about|on)\s+)?(?P<x>\S.*?)[\s?.!]*$",
    re.IGNORECASE)
# a follow-up narrowing the last answer's papers: "of those, which ...", "which of them ...",
# "which one is ...", "only the orals", "just the ones from 2025"; "which" with no noun: "which
# are orals?", "which use X?", "which ones are by X?", not where it asks for papers on a topic
# of their own ("Which are the latest papers on X?", "Which is the most cited paper on Y?":
# a new search)
_NARROW = re.compile(r"^\s*(?:(?:and\s+)?(?:of|among|from|out of)\s+(?:those|these|them|the above)"
                     r"\s*,?\s*|(?:and\s+)?which (?:of (?:those|these|them)|ones?\b)\s*"
                     # "narrow it down to those dealing with X", "filter them by X", "any that
                     # use X?"
                     r"|(?:(?:and|now|ok(?:ay)?|please)[\s,]+)*(?:narrow|filter|restrict|limit)"
                     r"(?:\s+(?:it|them|this|that|these|those|the\s+(?:list|results|papers)))?"
                     r"(?:\s+down)?\s+(?:to|by|for"
                     r"|with)\s+(?:(?:only\s+)?(?:those|the\s+ones|ones|papers)\s+)?"
                     r"|(?:and\s+)?(?:(?:are|is)\s+there\s+)?any\s+(?:ones?\s+)?(?:(?:that|which)\s+"
                     r"|(?=(?:with|using)\s))"
                     # "and the ones that use diffusion?", "what about the ones with code?"
                     # ... "list the ones about molecules", "can you show me the ones on X?"
                     r"|(?:(?:ok(?:ay)?|and|so|now|thx|thanks)[\s,!.]+)*(?:(?:what|how)\s+about\s+"
                     r"|(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:please\s+)?(?:show|list|give)"
                     r"(?:\s+(?:me|us))?\s+)?(?:only\s+)?the\s+ones"
                     r"(?:\s+(?:that|which)\s+|(?=\s+(?:with|using|about|on|from|by|at|in)\s))"
                     r"|(?:(?:ok(?:ay)?|and|so|now)[\s,]+)*(?:what|how)\s+about\s+the\s+ones(?=[\s?.!]*$)"
                     # "do any of them use X?", "are any of these orals?"
                     r"|(?:and\s+)?(?:(?:do|does|did|are|is|were)\s+)?(?:any|some)\s+of\s+"
                     r"(?:those|these|them)\s+"
                     rf"|(?:and\s+)?which\s+(?={_NARROW_VERB}\b)(?![^?]*\b(?:papers?|works?|articles?"
                     r"|studies)\s+(?:on|about|studying|using|that|which|for|regarding)\b)"
                     r"|(?:and\s+)?(?:now\s+)?"
                     r"(?:(?:show|list|give)(?:\s+me)?\s+)?(?:only|just)\s+(?:the(?:\s+(?:ones?|papers?))?"
                     r"|those|these|ones)\b\s*(?=\S))", re.IGNORECASE)
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


# years named by the date: "last year('s)", "this year", "two years ago", "the past two years",
# "the last decade", "in the past year" (not "the last year" alone, or "in the last year of
# training")
_COUNTED = rf"(?:10|[1-9]|{'|'.join(w for w in _NUMBERS if ' ' not in w)})"
_RELATIVE_YEAR = re.compile(
    r"(?:\b(?:from|in|of|during|over)\s+)?(?:(?P<this>\bthis\s+year)(?:['\u2019]s)?\b"
    r"|(?<!\bthe\s)(?P<last>\blast\s+year)(?:['\u2019]s)?\b"
    rf"|\b(?P<n>{_COUNTED})\s+years?\s+ago\b"
    rf"|\bthe\s+(?:last|past)\s+(?:(?P<span>{_COUNTED})\s+years|(?P<decade>decade))\b"
    r"|\b(?:in|over|during|from|within)\s+the\s+(?:last|past)\s+(?P<one>year)\b(?!\s+of\b))",
    re.IGNORECASE)


def _relative_years(question: str, year: int) -> tuple[str, list[tuple[str, str]]]:
    """``question`` with the years it names by the date (:data:`_RELATIVE_YEAR`) counted from
    ``year``, today's: "papers from last year" -> "papers from 2025", "the past two years" ->
    "since 2025" (this year and the last), and the (words, read as) pairs, for the answer to
    say so; a year the catalog does not hold is then said so as any."""
    pairs: list[tuple[str, str]] = []

    def dated(m: re.Match[str]) -> str:
        def count(word: str) -> int:
            return int(word) if word.isdigit() else _NUMBERS[word.lower()]

        if m.group("this") or m.group("last") or m.group("n"):
            read = str(year if m.group("this") else year - 1 if m.group("last")
                       else year - count(m.group("n")))
            said = f"from {read}"
        else:
            span = 10 if m.group("decade") else 1 if m.group("one") else count(m.group("span"))
            read = said = f"since {year - span + 1}"
        words = re.sub(r"^(?:from|in|of|during|over|within)\s+|['\u2019]s$", "", m.group(0),
                       flags=re.IGNORECASE)
        pairs.append((" ".join(words.split()), read))
        return said

    return _RELATIVE_YEAR.sub(dated, question), pairs


def _years_named(query: str, catalog_years: set[int]) -> tuple[str, Filters]:
    """The years a question names, as a filter (``year``, ``since``, ``until``, ``year_in``),
    and the question without them; an empty filter where it names none, or a year the catalog
    does not hold among years named apart without "from" or "in" ("the WMT 2014 benchmark";
    "papers from 2022" asks for that year, held or not), or years named apart that are not one
    list ("2023 or 2025", "2023, 2024 and 2025")."""
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
    # "from 2022": a year, held or not, where the catalog gives years
    asked = bool(catalog_years) and all(not m.group(0)[0].isdigit() for m in found)
    if not years or not (asked or set(years) <= catalog_years) or not all(
            _YEAR_JOIN.match(query[a.end():b.start()]) for a, b in zip(found, found[1:])):
        return query, Filters()
    if len(years) == 1:
        return _YEAR.sub(" ", query), Filters(year=years[0])
    rest = query[:found[0].start()] + " " + query[found[-1].end():]  # the years and their joins
    if years == list(range(years[0], years[-1] + 1)):  # "2023 or 2024": a span
        return rest, Filters(since=years[0], until=years[-1])
    return rest, Filters(year_in=tuple(years))


_PRONOUN = re.compile(r"\b(it|its|they|their|them|those|these)\b", re.IGNORECASE)
# ... and a paper named as the one before: "is that paper theoretical or empirical?", "in
# that one"
_THIS_PAPER = re.compile(r"(?:^\s*|\b(?:is|was|does|did|has|in|of|about|from|by|for)\s+)(?:this|that)"
                         r"\s+(?:paper|work|article|study|one)\b", re.IGNORECASE)  # (not "papers
# that study X"; "what is the reward model in that one?")
# a pronoun that names the papers the question itself asks for, not those of an answer before:
# "which papers study federated learning and their convergence bounds?", "papers on VLMs and
# their hallucinations" (the topic words come before it; "which papers study their
# robustness?" asks of the papers before)
_OWN_PRONOUN = re.compile(r"^\s*(?:(?:which|what|find|list|show|any)\b.*?\b)?papers?\s+(?:that\s+|which"
                          r"\s+)?(?:stud(?:y|ies)|on|about|use|propose)\s+(?P<topic>[^,;?]+?)"
                          r",?\s+(?:and|with|including)\s+(?:their|its)\b", re.IGNORECASE)
# a follow-up picking papers of the last listing by their place in it: "tell me more about the
# first one", "what does paper 3 propose?", "summarize [2] and [5]", "the first three papers",
# "the last one" (QuestionReader._read)
_ORDINALS = {word: place for place, word in enumerate(
    ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
     "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
     "seventeenth", "eighteenth", "nineteenth", "twentieth"))}
# "the second", "the twelfth", "the 2nd", "the 12th"
_ORDINAL_WORD = (rf"(?:{'|'.join(sorted(_ORDINALS, key=len, reverse=True))}|last"
                 r"|\d{1,3}(?:st|nd|rd|th))")
_ORDINAL = rf"(?P<ord>{_ORDINAL_WORD})(?:\s+(?P<n>{_N_WORD}))?"
# ... as the end of a reference to listed papers: "the first papers", "the last (one) (of them)"
_PICKED_END = (r"(?:\s+(?:ones?|papers?|results?|items?)\b(?!\s+(?:to|that|which|who)\b)"
               r"|(?:\s+(?:one\s+)?(?:of\s+(?:them|those|these)|listed|on\s+the\s+list"
               r"|in\s+the\s+list))?(?=[\s?.!]*$|\s+(?:differ|compare|contrast)\b))")  # ("how
# do the first and third differ?")
_PICKED = re.compile(
    r"\[\d{1,3}\](?:\s*(?:,|and|&|or)?\s*\[\d{1,3}\])*"
    r"|\b(?:papers?|items?|results?|numbers?|nos?\.?)\s*#?\d{1,3}(?:\s*(?:,|and|&|or)\s*#?\d{1,3})*"
    r"(?![\w.])|#\d{1,3}\b"
    # several places: "the first and the third", "the second, fourth and fifth papers"
    rf"|\bthe\s+(?P<ords>{_ORDINAL_WORD}(?:\s*(?:,|and|&|or|,\s*and)\s*(?:the\s+)?{_ORDINAL_WORD})+)"
    rf"{_PICKED_END}"
    # "the first (three) papers", or at the end "the last (one) (of them)"
    rf"|\bthe\s+{_ORDINAL}{_PICKED_END}", re.IGNORECASE)
# a question led by the listed paper it is about: "the third one: who wrote it and where are
# they from?", "for paper 2, who are the authors?" (QuestionReader.plan: asked of that paper)
_PICK_LEAD = re.compile(
    r"^\s*(?:(?:and|for|about|as\s+for|regarding|re)\s+)?(?P<pick>(?:the\s+)?(?:"
    rf"{_PICKED.pattern}))(?:\s*[:,;]|\s+[\u2013\u2014-])\s*(?P<rest>\S.*)$",  # (not "one-shot")
    re.IGNORECASE | re.DOTALL)
_PICK_PRONOUN = re.compile(r"\b(?:it|(?:this|that)\s+(?:one|paper|work)|(?:this|that)(?=\s*(?:[?.!,]"
                           r"|$)))\b(?![-'\u2019])", re.IGNORECASE)  # not "the data that it uses"
# after papers counted by topic, one of the topics by its number: "topic 3", "show me the
# papers on topic 2", "the second topic", "tell me more about theme 4" (QuestionReader._read)
_TOPIC_PICKED = re.compile(
    r"^\s*(?:and\s+)?(?:(?:show|list|give|tell)(?:\s+me)?(?:\s+(?:more\s+)?about)?\s+|which\s+papers"
    r"\s+are\s+(?:on|in|about|under)\s+|what\s+about\s+)?(?:the\s+|all\s+(?:the\s+)?)?(?:papers?\s+"
    r"(?:on|in|of|for|about|under)\s+)?(?:the\s+)?(?:(?:topic|theme|trend)\s+(?:no\.?\s*|number\s+|#)?"
    rf"(?P<n>\d{{1,2}})|(?P<ord>{'|'.join(_ORDINALS)}|last)\s+(?:topic|theme|trend))[\s?.!]*$",
    re.IGNORECASE)
# no question about papers: a greeting, thanks, or a question about PaperChat itself
_HELLO = (r"^\s*(?:hi|hello|hey|hiya|greetings|good\s+(?:morning|afternoon|evening))"
          r"(?:\s+there)?")
_GREETING = re.compile(rf"{_HELLO}[\s!.,]*$", re.IGNORECASE)
_PLEASED = r"(?:great|perfect|ok(?:ay)?|cool|nice|awesome)"
# ... before a question: "hi, what can you do?", "Hello! Which papers ...", "ok, and which are
# from 2024?", "thanks! now show me ..." (it searched "ok": OK-VQA)
_GREETED = re.compile(rf"(?:{_HELLO}|^\s*(?:{_PLEASED}|(?:many\s+)?thanks?(?:\s+you)?|thank\s+you"
                      r"|thx))\s*[!.,;:]+\s*(?=\S)", re.IGNORECASE)
_THANKS = re.compile(rf"^\s*(?:{_PLEASED}[\s!.,]+)?(?:(?:many\s+)?thanks?(?:\s+you)?|thank\s+you|thx"
                     rf"|ty|{_PLEASED}|got\s+it)(?:\s+(?:a\s+lot|so\s+much|very\s+much))?"
                     r"(?:[\s!.,]+(?:bye|goodbye|bye[\s-]bye|see\s+you|cheers|that['\u2019]?s\s+all))?"
                     r"[\s!.,]*$"
                     r"|^\s*(?:ok(?:ay)?[\s!.,]+)?(?:bye|goodbye|bye[\s-]bye|see\s+you(?:\s+later)?|cheers)"
                     r"[\s!.,]*$", re.IGNORECASE)  # ("ok thanks, bye")
# a question that asks nothing to look up: "why?", "how so?", "what do you mean?", "really?"
# (had been searched: "what do you mean?" summarized a paper on a "mean-gap condition")
_VAGUE = re.compile(r"^\s*(?:and|so|but|why|how|what|huh|hm+|really|seriously|how\s+so|how\s+come"
                    r"|why\s+(?:is\s+that|so|not)|what\s+do\s+you\s+mean|meaning|are\s+you\s+sure"
                    r"|is\s+that\s+(?:so|true|right|correct)|says\s+who)[\s?!.]*$", re.IGNORECASE)
_HELP = re.compile(r"^\s*(?:help|what\s+can\s+you\s+do|what\s+do\s+you\s+do|how\s+do\s+i\s+use"
                   r"\s+(?:this|you|it)|who\s+are\s+you|what\s+are\s+you)[\s?!.]*$", re.IGNORECASE)
# where or when the papers appeared, no topic word: "which papers on X came out in 2025?",
# "... were published at COLT?", "which venues have papers on X?" (each listed paper names it)
# (with "were" or without: "papers accepted at UAI 2024 on X", "papers on X published as orals",
# "which COLM 2025 papers got accepted about reasoning")
_APPEARED = re.compile(r"\s*\b(?:(?:(?:were|was|been|got|get|being)\s+)?(?:published|released"
                       r"|presented|accepted)|c[ao]me\s+out|appeared)(?=\s+(?:in|at|on|about|as"
                       r"|to|during|since|before|after)\b|[\s?.!]*$)", re.IGNORECASE)
_WHICH_VENUES = re.compile(r"^\s*(?:which|what)\s+(?:venues?|conferences?|years?)\s+(?:have|had|has"
                           r"|publish(?:ed)?|feature[sd]?|include[sd]?)\b", re.IGNORECASE)
# who (which institution, venue) has the most papers on a topic, or how many a year: "Who are the
# most prolific authors on X?", "Which institutions publish most on X?", "the top venues for X",
# "How many papers on X per year?" (the papers on X counted by each)
_PROLIFIC = r"(?:most\s+(?:prolific|active|productive|frequent|common)|top|leading|main|key)"
_PEOPLE_NOUN = r"(?:authors?|researchers?|people|contributors?)"
_INSTITUTION_NOUN = r"(?:institutions?|universities|labs?|organi[sz]ations?|companies|affiliations?)"
_VENUE_NOUN = r"(?:venues?|conferences?)"
_SESSION_NOUN = r"(?:(?:poster\s+|oral\s+)?sessions?)"
_MOST = (r"(?:(?:has|have|had)\s+(?:written\s+|published\s+)?(?:the\s+)?most(?:\s+papers)?"
         r"|(?:publish|write|work|research)(?:es|s|ed)?\s+(?:the\s+)?most|wr[io]te\s+(?:the\s+)?most"
         r"|(?:appear|occur|show\s+up|come\s+up)(?:s|ed)?\s+(?:the\s+)?most(?:\s+(?:often"
         r"|frequently))?"
         rf"|(?:is|are|was|were)\s+(?:the\s+)?{_PROLIFIC}(?:\s+[a-z]+)?)")
_TALLY = re.compile(
    rf"^\s*(?:(?P<author>who(?!\s+(?:are|is)\s+(?:the\s+)?{_PROLIFIC}\s+(?:{_INSTITUTION_NOUN}"
    rf"|{_VENUE_NOUN}))|(?:which|what)\s+{_PEOPLE_NOUN})|(?:which|what)\s+(?P<affiliation>"
    rf"{_INSTITUTION_NOUN})|(?:which|what)\s+(?P<venue>{_VENUE_NOUN})|(?:which|what)\s+"
    rf"(?P<year5>years?)|(?:which|what)\s+(?P<session>{_SESSION_NOUN})|(?:which|what)\s+"
    rf"(?P<day>days?))\s+(?:{_MOST}|saw\s+(?:the\s+)?most)(?:\s+papers)?"
    rf"|^\s*(?:(?:who|what|which)\s+(?:are|were|is)\s+|(?:list|show|name)(?:\s+me)?\s+)?(?:the\s+)?"
    rf"{_PROLIFIC}\s+(?:(?P<author2>{_PEOPLE_NOUN})|(?P<affiliation2>{_INSTITUTION_NOUN})"
    rf"|(?P<venue2>{_VENUE_NOUN}))"
    # "How many authors (institutions, venues) work on X?"
    rf"|^\s*how\s+many\s+(?:different\s+)?(?:(?P<author4>{_PEOPLE_NOUN})|(?P<affiliation4>"
    rf"{_INSTITUTION_NOUN})|(?P<venue4>{_VENUE_NOUN}))\s+(?:have\s+|has\s+)?(?=\w)"
    # "How many papers on X per year (venue, author)?"
    r"|(?P<per>(?<=\S)\s+(?:(?:are\s+)?(?:in|on)\s+)?(?:per|by|each|a|every|for\s+each)\s+"
    r"(?:(?P<year>year)|(?P<venue3>venue|conference)|(?P<author3>author)|(?P<affiliation3>"
    r"institution|university|affiliation)|(?:poster\s+|oral\s+)?(?P<session3>session)"
    r"|(?P<day3>day))s?)"
    r"\b(?=[\s?.!]*$|\s+(?:are|were|is|was|on|about|study|studying|that|which)\b)",
    re.IGNORECASE)  # ("How many papers per year are about X?")
# ... the authors at an institution: "who are the Stanford authors?", "which researchers at
# MIT work on X?", "list the authors from Google" (its authors counted, not their co-authors
# elsewhere, where each author's affiliation is given)
_PEOPLE_AT = re.compile(
    r"^\s*(?:(?:(?:who|which|what)\s+(?:are|were)\s+the|which|what|(?:list|show|name|give)(?:\s+(?:me|us))?"
    r"(?:\s+(?:all\s+)?the)?)\s+(?:(?P<pre>[^\W\d_][\w&.' -]*?)\s+" + _PEOPLE_NOUN
    + r"|" + _PEOPLE_NOUN + r"\s+(?:at|from|affiliated\s+with)\s+(?P<post>[^\W\d_][\w&.' -]*?))"
    # ... "who works at Berkeley on RL?", "who at MIT studies X?"
    r"|who\s+(?:(?:works?|researches|publishes|is)\s+)?(?:at|from|in)\s+(?P<who>[^\W\d_][\w&.' -]*?))"
    r"(?:\s+(?:(?:who\s+)?(?:work|research|publish|stud|writ|wrote)\w*\s+(?:on|about)?|on|about)"
    rf"\s*(?P<topic>\S.*?)|\s+{_MOST}(?P<tail>\s+(?:in|from|at|since|on|about)\s+\S.*?)?)?[\s?.!]*$",
    re.IGNORECASE)
# ... asked of the last answer's papers: "which institutions are they from?", "what venues
# were they published at?", "who appears most often among their authors?", "who are the most
# common authors among them?"
_THEM = r"(?:they|those|these|them|the(?:se)?\s+papers)"
# ... "which authors appear most?", "which institutions are most common?" (after a list: of it)
_APPEAR_MOST = (rf"(?:(?:appears?|occurs?|shows?\s+up|comes?\s+up)\s+(?:the\s+)?most(?:\s+(?:often"
                rf"|frequently))?|(?:is|are)\s+(?:the\s+)?most\s+(?:common|frequent))(?:\s+(?:among"
                rf"|in)\s+(?:{_THEM}|the\s+list))?")
_TALLY_THEM = re.compile(
    rf"^\s*(?:and\s+)?(?:(?:which|what)\s+(?:(?P<affiliation>{_INSTITUTION_NOUN})|(?P<venue>"
    rf"{_VENUE_NOUN})|(?P<year>years?)|(?P<session>{_SESSION_NOUN})|(?P<day>days?))\s+"
    rf"(?:(?:are|were|do|did)\s+{_THEM}\s+(?:(?:come|presented)\s+)?(?:from|in|at|on"
    rf"|published\s+(?:in|at)|appear(?:ed)?\s+(?:in|at))|{_APPEAR_MOST})"
    rf"|(?:who|(?:which|what)\s+{_PEOPLE_NOUN})\s+(?P<author>{_APPEAR_MOST}(?:\s+among\s+(?:their"
    r"|the|these|those)\s+authors)?"
    # ... "which authors appear in more than one?", "who wrote several of them?"
    r"|(?:(?:appears?|shows?\s+up)\s+(?:in|on)|wrote|authored|(?:is|are)\s+(?:an\s+)?authors?\s+"
    r"(?:of|on))\s+(?:more\s+than\s+one|several|multiple|two\s+or\s+more)(?:\s+(?:of\s+"
    rf"{_THEM}|papers?))?|(?:are|is)\s+the\s+(?:most\s+common|{_PROLIFIC})\s+{_PEOPLE_NOUN}"
    rf"(?:\s+(?:among|of|in)\s+(?:{_THEM}|the\s+list))?"  # ("who are the main authors?" after
    # a list: of it)
    # ... "who wrote the most of these?"
    rf"|(?:wrote|authored|co-?authored|has\s+written)\s+(?:the\s+)?most\s+(?:of\s+)?(?:{_THEM}"
    rf"|the\s+list)(?:\s+papers)?))[\s?.!]*$",
    re.IGNORECASE)
# what an author or institution did, no topic: "what did the first one publish?"
_WROTE = re.compile(r"\b(?:publish(?:ed)?|wr(?:ite|ote|itten)|work(?:ed)?|do(?:ne)?|did|has|have"
                    r"|research(?:ed)?)\b", re.IGNORECASE)
# BibTeX asked for the last list's papers: "export them as BibTeX", "bibtex for the first two"
_BIBTEX = re.compile(r"\bbib(?:la)?tex\b|\.bib\b"
                     # "cite the first one", "how do I cite it?", "citations for them"
                     r"|^\s*(?:(?:and|so|ok(?:ay)?|please)[\s,]+)?(?:how\s+(?:do|should|can|would)\s+i"
                     r"\s+cite|cite|(?:give\s+me\s+)?(?:the\s+)?citations?\s+(?:for|of|to))\s+(?:it|them|this"
                     r"|that|these|those|(?:the|this|that)\s+(?:paper|one|\w+\s+(?:one|paper)))(?:\s+\S+)?"
                     r"[\s?.!]*$", re.IGNORECASE)
# ... as a table: "export them as CSV", "as a spreadsheet"
_CSV = re.compile(r"\b(?:as|in|to|into|export(?:\s+(?:them|it|these|those|the\s+list))?)\s+(?:an?\s+)?"
                  r"(?:csv|tsv|spreadsheet|excel)\b|^\s*(?:give\s+me\s+)?(?:an?\s+|the\s+)?csv\b"
                  r"|\bcsv\s+(?:of|for)\s+(?:them|it|these|those|the\s+list)\b", re.IGNORECASE)
# ... their links: "give me the links", "what are the URLs?", "link to the first one"
_LINKS = re.compile(r"^\s*(?:(?:and|so|ok(?:ay)?|please)[\s,]+)?(?:(?:can\s+you\s+)?(?:give|show|send"
                    r"|list|share)(?:\s+me)?\s+|(?:what|where)\s+(?:are|is)\s+)?(?:the\s+|their\s+|its\s+)?"
                    r"(?:links?|urls?|web\s*pages?)(?:\s+(?:to|for|of)\s+(?:it|them|these|those|the\s+\w+"
                    r"(?:\s+(?:one|paper|papers|ones))?|the\s+ones\s+(?:about|on|from|in|using|with)"
                    r"\s+[\w-]+(?:\s+[\w-]+){0,3}))?[\s?.!]*$", re.IGNORECASE)  # ("links for the ones
# about grasping")


# ... of a part of it: "bibtex for the oral ones", "links to the transformer papers", "CSV of
# the ones about robotics"
_EXPORT_PART = re.compile(
    r"\b(?:for|of|to|export)\s+(?:just\s+|only\s+)?the\s+(?:(?P<w>(?!(?:first|last|top|same|other|rest"
    rf"|remaining|following|shown|selected|picked|these|those|whole|full|entire|above|listed"
    rf"|previous|{_N_WORD}|\d+)\b)[\w-]+(?:\s+[\w-]+){{0,3}}?)\s+(?:ones|papers)"
    r"|ones\s+(?:about|on|from|in|using|with)\s+(?P<x>[\w-]+(?:\s+[\w-]+){0,3}?)"
    r"|(?P<s>orals|spotlights|posters))(?=[\s?.!,]*$|\s+(?:as|in|into|to)\b)", re.IGNORECASE)


def _export_asked(question: str) -> str:
    """What form of the last list a question asks for: "bibtex", "csv" or "links"; ''."""
    return ("bibtex" if _BIBTEX.search(question) else "csv" if _CSV.search(question)
            else "links" if _LINKS.match(question) else "")


def exported(form: str, papers: Sequence[Paper], which: str) -> str:
    """``papers`` as ``form`` asks ("bibtex", "csv" or "links", :func:`_export_asked`), under
    a first line naming them as ``which`` ("of the last list")."""
    said = {"count": f"{len(papers):,}", "s": "" if len(papers) == 1 else "s", "which": which}
    if form == "links":
        each = links(papers)
        return (prompts.render(prompts.LINKS, **said, entries="\n".join(
            f"{n}. **{neutralize(detex(name))}**: {url or 'no link given'}"
            for n, (name, url) in enumerate(each, 1)))
            if any(url for _, url in each) else prompts.render(prompts.NO_LINKS, **said))
    entries = csv_table(papers) if form == "csv" else bibtex(papers)
    return prompts.render(prompts.CSV if form == "csv" else prompts.BIBTEX, **said,
                          entries=entries, fence=fence(entries))
# the session of the paper the last answer on one paper was on: "what else is in that
# session?"
_THAT_SESSION = re.compile(r"\b(?:that|this|the\s+same|its|his|her|their)\s+session\b",
                           re.IGNORECASE)
# where the authors of the last answer's papers are: "which institutions are the authors
# from?", "where are their authors from?", "where do the authors work?"
_WHICH_INSTITUTION = (rf"(?:which|what)\s+(?:{_INSTITUTION_NOUN}|universit(?:y|ies))\s+(?:are|is|were"
                      r"|was|do|does|did)")  # "which institutions are", "what university does"
_AUTHORS_FROM = re.compile(
    rf"^\s*(?:and\s+)?(?:{_WHICH_INSTITUTION}\s+(?:the|its|their|his|her)\s+(?:co-?)?authors?\s+"
    r"(?:(?:come|work|based)\s+)?(?:from|at|with|in|affiliated\s+with)"
    r"|where\s+(?:are|is|were|was|do|does|did)\s+(?:the"
    r"|its|their)\s+(?:co-?)?authors?\s+(?:(?:come\s+)?from|work|based)"
    # "where are they from?" after "who wrote it?" (or after a list: its authors')
    r"|where\s+(?:are|were|do|did)\s+they\s+(?:all\s+)?(?:(?:come\s+)?from|work|based))[\s?.!]*$",
    re.IGNORECASE)
# ... asked together with who they are: "who are its authors and what institutions are they
# from?", "who wrote the first one, and where are they from?" (the clause after the first)
_AND_FROM = re.compile(
    rf"\s*,?\s+and\s+(?:{_WHICH_INSTITUTION}\s+(?:they|them|he|she)\s+(?:(?:come|work|based)\s+)?"
    r"(?:from|at|with|in|affiliated\s+with)"
    r"|where\s+(?:are|is|were|was|do|does|did)\s+(?:they|he|she)\s+(?:(?:come\s+)?"
    r"from|work|based)|(?:what|which)\s+are\s+their\s+(?:affiliations|institutions))[\s?.!]*$",
    re.IGNORECASE)
# a title written as one, a name and a colon before it: "Diffusion Policy: Visuomotor Policy
# Learning via Action Diffusion"
_TITLE_LIKE = re.compile(r"[A-Z][^\s:]*(?:\s+[^\s:]+){0,4}:\s+[^\s:]+(?:\s+[^\s:]+){2,}")
# the papers of one author of the last answer's paper: "what else did its first author
# write?", "what other papers has the last author published?"; of any of its authors: "what
# else did its authors write?", "what else did they write?"
_AUTHOR_ELSE = re.compile(
    r"^\s*(?:and\s+)?(?:(?:what\s+else|which\s+other\s+papers|what\s+other\s+(?:papers|work))\s+"
    r"(?:did|has|have|does)\s+(?:(?:its|the|their)\s+(?:(?P<place>first|last|senior|lead)\s+author"
    r"|(?P<all>authors))|(?P<they>they))"
    r"(?:\s+of\s+(?:it|this|that)(?:\s+paper)?)?\s+(?:written|write|wrote|published|publish"
    r"|worked\s+on|work\s+on|done|do)(?:\s+(?:else|too|as\s+well))?"
    # "any other papers by the first author?", "more papers by its last author"
    r"|(?:(?:are\s+there|show\s+me|list|find)\s+)?(?:any\s+other|other|more|what\s+other|which\s+other)"
    r"\s+(?:papers|work|works)\s+(?:by|from)\s+(?:(?:its|the|their)\s+(?:(?P<at>first|last|senior"
    r"|lead)\s+author|(?P<all2>authors))|(?P<them>them))"
    r"(?:\s+of\s+(?:it|this|that)(?:\s+paper)?)?)[\s?.!]*$", re.IGNORECASE)
# ... the other place asked next: "and the last author?", "what about its first author?"
_AND_AUTHOR = re.compile(r"^\s*(?:and|what\s+about|how\s+about)\s+(?:the|its)\s+(?P<place>first|last"
                         r"|senior|lead)\s+author[\s?.!]*$", re.IGNORECASE)
# the catalog itself, as questions name it
_CORPUS = r"(?:the|this|your)\s+(?:corpus|index|collection|catalog(?:ue)?|library|database)"
# what the papers (of a venue, a year, on a topic, of the last answer) are about: "What topics
# are covered?", "What are the main themes of NeurIPS 2023?", "Which topics are most popular in
# 2025?", "What topics does the corpus cover?", "List the main research areas at CoRL", "What is
# the corpus about?", "What topics do they cover?", "the main research directions in COLT
# 2024" (the papers counted by topic or area)
_TOPIC_NOUN = (r"(?:research\s+)?(?:topics?|themes?|areas?|subjects?|trends?|fields?|subfields?"
               r"|subtopics?|directions)")
_TOPIC_WORD = (r"(?:main|key|major|common|popular|hot|top|biggest|trending|dominant|recurring|central"
               r"|important|emerging|prominent|prevalent|frequent|different|various|most|research)")
_GROWING = (r"(?:trending|growing|rising|emerging|on\s+the\s+rise|gaining(?:\s+\w+)?|hot(?:test)?"
            r"|(?:becoming|getting)\s+(?:more\s+)?popular)")
_TOPICS = re.compile(
    r"^\s*(?:"
    # "What topics are covered?", "Which main themes does the corpus cover?"
    rf"(?:what|which)\s+(?:{_TOPIC_WORD}\s+)*{_TOPIC_NOUN}\s+(?:are|is|were|does|do|did|have|has"
    r"|emerged|grew|rose|gained|changed)\b"
    # "What's trending?", "Which topics are on the rise?"
    rf"|(?:what(?:'s|\s+is|\s+are|\s+was|\s+were)|which\s+(?:\w+\s+)?(?:is|are|were|was))\s+"
    rf"(?:the\s+)?(?:most\s+)?{_GROWING}(?=[\s?.!,]|$)"
    # "What are the main themes of NeurIPS 2023?", "what's the most popular topic in 2025?"
    rf"|(?:what|which)(?:['\u2019]s|\s+(?:are|were|is))\s+(?:the\s+)?(?:{_TOPIC_WORD}\s+)*"
    rf"{_TOPIC_NOUN}\b"
    # "List the main research areas at CoRL", "main topics?"
    rf"|(?:(?:can\s+you\s+)?(?:list|show|give|tell|name|summari[sz]e)(?:\s+me)?\s+)(?:the\s+"
    rf"|all\s+(?:the\s+)?)?(?:{_TOPIC_WORD}\s+)*{_TOPIC_NOUN}\b|(?:{_TOPIC_WORD}\s+)+{_TOPIC_NOUN}\b"
    # "Give me an overview of COLM 2024", "an overview of the corpus"
    r"|(?:(?:can\s+you\s+)?(?:give|show|provide|write)(?:\s+me)?\s+)?(?:an?\s+|the\s+)?(?:quick\s+"
    r"|short\s+|brief\s+|general\s+|high-level\s+)?overview\s+(?:of|over)\b"
    # "What is the corpus about?", "What are these papers about?"
    rf"|what(?:'s|\s+is)\s+{_CORPUS}\s+about\b"
    r"|what\s+(?:are|were)\s+(?:the|these|those|all)\s+papers\s+(?:\w+\s+){0,3}?about(?=[\s?.!]*$))"
    r"(?P<rest>.*)$", re.IGNORECASE)
# ... asking for the topics that grow: "What are the trending topics?", "What's on the rise
# at CoRL?", "Which topics grew the most since 2023?", "How have the topics changed?"
_GROWTH = (rf"{_GROWING}|emerg(?:e|ed|es)|gr[eo]w(?:n|s)?|rose|gained|changed?|evolv(?:e|ed|ing)"
           r"|over\s+(?:the\s+)?(?:years|time)")
_TRENDING = re.compile(rf"\b(?:trends?|{_GROWTH})\b", re.IGNORECASE)
# a dataset, benchmark or optimizer named as such: "the CIFAR-10 dataset" is CIFAR-10 (papers
# write "CIFAR-10" far more often than "CIFAR-10 dataset"; NeurIPS 2023: 53 "Adam", no "Adam
# optimizer"); a name of four characters or more with a capital
_NAMED_DATASET = re.compile(r"\bthe\s+((?=[\w-]{4})[\w-]*[A-Z][\w-]*)\s+(?:data\s?sets?"
                            r"|benchmarks?|optimi[sz]ers?)\b")
# a run of capitalized words after the question's first word ("the Segment Anything Model",
# "Segment Anything"): a name, whose capitalized stopwords are words of it (joined to the word
# before by a hyphen: "Segment-Anything Model"), not words the search drops
_CAPITALIZED_RUN = re.compile(r"(?<!^)(?<=\s)[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)+")
# "... compared to 2023" after the year a trend is asked for
_COMPARED_YEARS = re.compile(
    rf"(?<![\s,])[\s,]*(?:compared\s+(?:to|with)|vs\.?|versus|relative\s+to|against)\s+(?:the\s+)?"
    rf"(?:years?\s+)?{YEAR}(?:\s*(?:and|or|to|-|\u2013)\s*{YEAR})?\b", re.IGNORECASE)
# ... the words of what follows that name no paper, venue or topic ("covered in", "the corpus")
_TOPIC_FILLER = re.compile(
    rf"\b(?:{_CORPUS}|covered|cover(?:s|ed)?|represented|addressed|address(?:es)?|studied"
    r"|explored|discussed|found|there|here|in|on|of|at|among|across|within|by|for|from|do|does"
    r"|did|is|are|were|was|been|have|has|the|this|these|those|all|papers?|works?|research"
    r"|abstracts?|indexed|loaded|included|most|more|popular|common|frequent|often|about|overall"
    r"|currently|right\s+now|now|you|me|please|list|so\s+far|fastest|quickly|rapidly|recently"
    rf"|lately|{_GROWTH}|{_TOPIC_NOUN})\b", re.IGNORECASE)
# ... "what topics do they cover?" after a listing: its papers
_THEM_ALL = re.compile(r"^\s*(?:they|them|their|those|these|(?:the|these|those)\s+(?:ones|results)"
                       r"|(?:(?:in|of|across|among|within)\s+)?(?:his|her)\s+(?:work|papers|research)"
                       r"|(?:he|she)\s+(?:works?|worked|writes?|wrote|publish(?:es|ed)?))\b",
                       re.IGNORECASE)
# "how many (are there)?" after a listing: how many it holds
_HOW_MANY_LISTED = re.compile(
    r"^\s*(?:and\s+)?how\s+many(?:\s+(?:papers|ones|results))?(?:\s+(?:(?:are|were)\s+there|is\s+that"
    r"|of\s+(?:them|those|these)|did\s+you\s+find|were\s+found|in\s+total|in\s+all"
    r"|(?:are|were)\s+left|(?:is|are)\s+remaining|remain))?"
    r"(?:\s+(?:exactly|in\s+total|in\s+all|altogether|overall|now))?[\s?.!]*$", re.IGNORECASE)
# an earlier list asked for again by its topic: "go back to the fairness papers", "show me the
# fairness list again" (the listing whose topic has these words)
_BACK_TO = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|and|now|please|so)[\s,]+)*(?:(?:(?:let['\u2019]?s\s+)?(?:go|get|come)\s+back"
    r"|back|return|take\s+me\s+back)\s+to\s+(?:the\s+)?(?P<t>.+?)\s+(?:list(?:ing)?|papers|results"
    r"|ones|answer|search)(?:\s+again)?|(?:show|give|list)(?:\s+(?:me|us))?\s+(?:the\s+)?(?P<u>.+?)"
    r"\s+(?:list(?:ing)?(?:\s+again)?|(?:papers|results|ones|answer)\s+again))[\s?.!]*$",
    re.IGNORECASE)  # (not "show me the X papers": a search)
# what is left of a question that is a pick alone ("and the second one?", "what about
# paper 3?"): asking what the last pick asked of its paper
_BARE_PICK = re.compile(r"\s*(?:(?:and|so|now|ok(?:ay)?)[\s,]+)?(?:(?:what|how)\s+about)?[\s?.!]*",
                        re.IGNORECASE)
# a line on each of the last list's papers: "summarize each of them", "a one-line summary of
# each", "summarize each paper in one sentence" (a listing: each paper by its sentence)
_EACH_SUMMARY = re.compile(
    r"^\s*(?:(?:and|ok(?:ay)?|so|now|then)[\s,]+)?(?:(?:can|could)\s+you\s+)?(?:please\s+)?"
    r"(?:(?:summarize|summarise|describe)\s+each|(?:give\s+(?:me\s+|us\s+)?)?(?:an?\s+)?(?:(?:short"
    r"|brief|quick|one[- ](?:line|sentence))\s+)?(?:summary|summaries|description|tl;?dr)\s+(?:of|for)"
    r"\s+each|one\s+(?:line|sentence)\s+(?:on|about|for|per)\s+each)(?:\s+(?:of\s+(?:them|those"
    r"|these)|one|paper))?(?:\s+(?:in\s+)?(?:one|a)\s+(?:line|sentence))?[\s?.!]*$", re.IGNORECASE)
# the last list asked for again: "list them", "show me all of them", "give me the full list",
# "what are they?" (after "how many ...?")
_LIST_THEM = re.compile(
    r"^\s*(?:(?:and|ok(?:ay)?|so|now|then)[\s,]+)?(?:please\s+)?(?:(?:list|show|give|name|display"
    r"|print)(?:\s+(?:me|us))?\s+(?:(?:them|those|these)(?:\s+(?:papers|ones))?(?:\s+all)?|all(?:\s+of)?"
    r"(?:\s+(?:them|those|these)(?:\s+papers)?)?|everything|(?:the\s+)?(?:full|whole|complete"
    r"|entire)\s+list|the\s+(?:papers|list))|(?:which|what)\s+(?:are|were)\s+(?:they|those|these)"
    r"(?:\s+papers)?"
    # "give me their titles only", "just the titles", "what are their titles?"
    r"|(?:(?:list|show|give|name|display|print)(?:\s+(?:me|us))?\s+|(?:what|which)\s+are\s+)?"
    r"(?:just\s+|only\s+)?(?:their|the)\s+titles(?:\s+only)?)(?:\s+(?:again|once\s+more))?"
    r"(?:[\s,]+please)?[\s?.!]*$",  # ("show me all of them again")
    re.IGNORECASE)
# the titles alone asked for: "just the titles", "what are their titles?", "list the titles of
# the papers on X" (:func:`_titles_asked`)
# (matched against the question without its closing marks and "please": _titles_asked)
_TITLES_OF = re.compile(
    r"\s*(?:(?:and|ok(?:ay)?|so|now)[\s,]+)?(?:please\s+)?(?:(?:(?:list|show|give|print|name"
    r"|display|tell)(?:\s+(?:me|us))?|(?:what|which)\s+(?:are|were))\s+)?(?:just\s+|only\s+)?(?:the\s+"
    r"|their\s+|(?P<all>all\s+(?:the\s+)?))?titles(?:\s+only)?"
    # ... "with their authors", "and authors and venues": as the titles' lines give them
    r"(?:\s+(?:and|with)\s+(?:the\s+|their\s+)?(?:authors|venues?|years?)(?:(?:,\s*|\s+and\s+)"
    r"(?:authors|venues?|years?)){0,2})?(?:\s+(?:of|for)\s+(?P<rest>\S.*))?",
    re.IGNORECASE)
# ... after a question, past a mark: "which papers study X? titles only", "..., just the
# titles", "papers on X with just the titles" (not "which papers classify documents using only
# titles?": their topic)
_TITLES_AFTER = re.compile(
    r"(?:(?<![\s,;:?.!(-])\s*[,;:?.!(-][\s,;:?.!(-]*(?:just\s+|only\s+)?|(?<=\S)\s+with\s+(?:just|only)\s+)"
    r"(?:the\s+|their\s+)?titles(?:\s+only)?$", re.IGNORECASE)
_PLEASE_AFTER = re.compile(r"(?<![\s,])[\s,]+please$", re.IGNORECASE)
# follow-ups on the last answer's papers: "how many are orals?", "how many of them use X?"
# ... what a count of the catalog counts: "how many papers (authors, venues) ..."
_COUNTED_NOUN = r"(?:papers?|authors?|researchers|people|institutions|venues|conferences|years)"
_HOW_MANY_OF = re.compile(r"^\s*(?:and\s+)?how\s+many\s+(?:of\s+(?:them|those|these)\s+)?"
                          rf"(?P<rest>(?!(?:{_COUNTED_NOUN}|are\s+there)\b)[a-z].*)$", re.IGNORECASE)
# ... a number the abstracts may give: "how many problems do they contain?", "how many
# parameters does it have?" (what they say of it)
_HOW_MANY_THEY = re.compile(rf"^\s*(?:and\s+)?how\s+many\s+(?P<x>(?!(?:{_COUNTED_NOUN}|of)\b)[a-z][\w-]*"
                            r"(?:\s+[\w-]+){0,2}?)\s+(?P<aux>do|does|did)\s+(?P<who>they|it|these"
                            r"|those|(?:these|those|the)\s+(?:papers|ones|benchmarks|datasets))\s+"
                            r"(?P<rest>\w.*)$", re.IGNORECASE)
# ... "any orals among them?", "are there any from 2025 in those?"
_ANY_AMONG = re.compile(r"^\s*(?:and\s+)?(?:are\s+there\s+)?any\s+(?:(?P<x>.+?)\s+(?:among|in|of)\s+"
                        rf"(?:them|those|these)|(?P<s>(?:{STATUS_WORDS})s)"
                        # "any theoretical ones?" (it searched "theoretical ones")
                        r"|(?!(?:other|more|new|good|similar|relevant)\b)(?P<o>[\w-]+(?:\s+[\w-]+){0,2}?)"
                        r"\s+ones)[\s?.!]*$", re.IGNORECASE)
_OF_THEM = re.compile(r"\bof\s+(?:them|those|these)\b", re.IGNORECASE)
# ... not of them: "how many are from UC Berkeley in total?" (the catalog's)
_IN_TOTAL = re.compile(r"\s*\b(?:in\s+total|in\s+all|altogether|overall|all\s+told)\b",
                       re.IGNORECASE)
# ... a subject of its own after "how many X": "how many hours of video does YouTube-ASL have?"
# asks a fact of that paper, not which of the last answer's papers have hours of video
_OWN_SUBJECT = re.compile(r"\b(?:does|do|did)\s+(?!(?:they|these|those|them|the\s+(?:papers|ones)"
                          r")\b)[\w\"'\u201c]", re.IGNORECASE)
# ... "exclude the ones on images", "remove the posters", "drop those from 2023"
_DROP_VERB = r"(?:exclude|remove|drop|filter\s+out|leave\s+out|skip|hide)"
_EXCLUDE = re.compile(rf"^\s*(?:and\s+)?(?:now\s+)?(?:please\s+)?(?:{_DROP_VERB}|without|excluding"
                      r"|except(?:\s+for)?|minus|but\s+not)\s+(?:the\s+|all\s+)?(?:ones?\s+|papers?\s+"
                      r"|those\s+)?(?:(?:on|about|that\s+(?:are|use|study)|which\s+(?:are|use|study)"
                      r"|with|using)\s+)?(?P<x>.+?)[\s?.!]*$", re.IGNORECASE)
# ... the authors those words name: "drop the ones by Kaiyi Ji", "exclude Kaiyi Ji's papers",
# "remove those with Sergey Levine" (its "with" read by _EXCLUDE)
_AUTHORS_OUT = re.compile(r"(?:(?P<by>(?:written\s+|co-?authored\s+)?by)\s+)?(?P<who>.+?)"
                          r"(?P<own>['\u2019]s?(?:\s+(?:papers?|ones|work))?)?", re.IGNORECASE)
# the authors with papers at two venues (or years): "which authors published at both COLT and
# ALT?", "who has papers in both CoRL and COLM?", "authors with papers at both COLT 2023 and
# COLT 2024" (:meth:`QuestionReader._at_both`)
_AT_BOTH = re.compile(
    rf"{_LEAD}(?:(?:which|what|list|show\s+me|find)\s+(?:the\s+)?)?(?:authors|people|researchers|who)"
    r"(?:\s+(?:who|that|with))?(?:\s+(?:have|has|had))?(?:\s+(?:both\s+)?(?:published|publish(?:es)?"
    r"|papers|presented|appeared))\s+(?:at|in)\s+both\s+(?P<a>[^?!]{1,40}?)\s+and\s+"
    r"(?P<b>[^?!]{1,40}?)[\s?.!]*$", re.IGNORECASE)  # (each side short: linear on long runs)
# "he", "she", "his", "her" after an answer on an author's papers: that author ("which papers
# did he write with Chelsea Finn?"); capitalized only where a sentence starts, and "He" or "She"
# there not before a capital (names: "Kaiming He", "He initialization", "He Wang"); not where
# the forms above read them (:meth:`QuestionReader._pronoun_named`)
_HE_SHE = re.compile(r"(?<![\w'\u2019-])(?:(?P<own>[Hh]is|[Hh]er(?=\s+\w))|(?:H|Sh)e(?!\s+[A-Z])|he|she"
                     r"|her|[Hh]im)(?![\w'\u2019-])")
# an author's other papers: "what else did Kaiyi Ji write?", "anything else by him?" (the
# pronoun read as the author first: QuestionReader._pronoun_named)
_ELSE_BY = re.compile(
    rf"{_LEAD}(?:(?:is\s+there\s+)?anything|what)\s+else\s+(?:(?:did|has|have|does)\s+"
    r"(?P<a>[^\s?!][^?!]*?)\s+(?:write|written|wrote|publish(?:ed)?|work(?:ed)?\s+on|do(?:ne)?)"
    r"|(?:by|from)\s+(?P<b>[^\s?!][^?!]*?))[\s?.!]*$", re.IGNORECASE)
# where an author is: "where is Dorsa Sadigh from?", "which institution does Sergey Levine
# work at?", "what is Chelsea Finn's affiliation?" (the author's papers, counted by the
# institution the author gives on each)
_AUTHOR_WHERE = re.compile(
    r"^\s*(?:(?:and\s+)?where\s+(?:is|are|was|does|do|did)\s+(?P<a>.+?)\s+(?:from|based|work(?:ing)?"
    rf"|affiliated)|{_WHICH_INSTITUTION}\s+(?P<b>.+?)\s+(?:at|from|with|in|affiliated\s+with"
    r"|(?:work|teach|stud(?:y|ies)"
    r"|research)(?:ing)?(?:\s+(?:at|for|in))?|belong\s+to)|what\s+(?:is|are|was|were)\s+(?P<c>.+?)"
    r"['\u2019]s?\s+(?:affiliations?|institutions?|universit(?:y|ies)))[\s?.!]*$", re.IGNORECASE)
# ... "who are his co-authors?", "who did he write them with?": the authors of those papers,
# counted
_COAUTHORS = re.compile(r"^\s*(?:and\s+)?(?:(?:who\s+(?:are|were)|list|name|show(?:\s+me)?)\s+(?:his"
                        r"|her|their|the)\s+(?:(?:most\s+(?:frequent|common|regular)|main|top)\s+)?"
                        r"(?:co-?authors|collaborators)|who\s+(?:has|have|did|does|do)\s+(?:he|she"
                        r"|they)\s+(?:collaborated?|work(?:ed)?|co-?author(?:ed)?|co-?written|written|write"
                        r"|publish(?:ed)?)(?:\s+(?:them|those|these|it|(?:those|these|the)\s+(?:papers"
                        r"|ones)))?\s+with(?:\s+(?:the\s+)?most(?:\s+often)?)?)(?:\s+(?:on|of|in"
                        r"|for)\s+(?:them|those|these|(?:those|these|the)\s+(?:papers|ones)))?"
                        r"[\s?.!]*$", re.IGNORECASE)
# where or when an author publishes: "which conferences does Percy Liang publish at?", "in
# which years did X publish?" (X's papers, counted by venue or year)
# "which venue did he publish most at?", "where does X publish most?"
_MOST_OFTEN = r"(?:\s+(?:the\s+)?most(?:\s+(?:often|papers))?)?"
_AUTHOR_VENUES = re.compile(
    r"^\s*(?:(?:and|so)\s+)?(?:(?:at|in)\s+)?(?:which|what)\s+(?P<what>venues?|conferences?|years?)\s+"
    r"(?:does|did|do|has|have)\s+(?P<a>.+?)\s+(?:publish(?:ed)?|present(?:ed)?|appear(?:ed)?|submit(?:ted)?)"
    rf"{_MOST_OFTEN}(?:\s+(?:at|in|papers?))?{_MOST_OFTEN}[\s?.!]*$"
    r"|^\s*(?:(?:and|so)\s+)?where\s+(?:does|did|do|has|have)\s+(?P<b>.+?)\s+(?:publish(?:ed)?"
    rf"|present(?:ed)?){_MOST_OFTEN}[\s?.!]*$", re.IGNORECASE)
# ... and asked of a named author: "Who are Sergey Levine's co-authors?", "who co-authors most
# often with X?", "who are the most frequent collaborators of X?", "who has X worked with most?"
_COLLEAGUES = r"(?:co-?authors?|collaborators?)"
_COAUTHORS_OF = re.compile(
    r"^\s*(?:who\s+(?:are|were|is)\s+(?:the\s+)?(?:most\s+(?:frequent|common|regular)\s+|main\s+"
    rf"|top\s+)?{_COLLEAGUES}\s+(?:of|with)\s+(?P<a>.+?)"
    rf"|(?:who\s+(?:are|were)|list|name|show(?:\s+me)?)\s+(?P<b>.+?)['\u2019]s?\s+(?:(?:most\s+"
    rf"(?:frequent|common)|main|top)\s+)?{_COLLEAGUES}"
    r"|who\s+(?:co-?authors?|co-?writes?|collaborates?|works?|writes?|publishes?)\s+(?:the\s+)?"
    r"(?:most(?:\s+often)?\s+)?with\s+(?P<c>.+?)(?:\s+(?:the\s+)?most(?:\s+often)?)?"
    r"|who\s+(?:has|did|does)\s+(?P<d>.+?)\s+(?:collaborated?|work(?:ed)?|co-?author(?:ed)?|co-?written|write"
    r"|written|publish(?:ed)?)\s+with(?:\s+(?:the\s+)?most(?:\s+often)?)?)[\s?.!]*$", re.IGNORECASE)
# "sort them by year" after a listing: its papers again, newest first
# ... by relevance, the order a listing has: "rank them by relevance"
_ORDER_THEM = (r"(?:sort|order|rank|list|show|give)(?:\s+me)?(?:\s+(?:them|those|these|it|the\s+(?:list"
               r"|papers|results|ones)))?")  # "sort them", "order the list"
_BY_RELEVANCE = re.compile(
    rf"^\s*(?:(?:and|now|ok(?:ay)?|please)[\s,]+)*{_ORDER_THEM}\s+by\s+(?:relevance"
    r"|importance|how\s+relevant\s+they\s+are)(?:[\s,]+please)?[\s?.!]*$", re.IGNORECASE)
# ... "the top 3" of a listing: its first three, as listed (by relevance where not sorted)
# ... "the three most relevant ones", "the most relevant 5"
_TOP_WORDS = r"most\s+(?:relevant|pertinent|closely\s+related|related)"
_TOP_N = re.compile(rf"\b(?:the\s+)?(?:top\s+|{_TOP_WORDS}\s+|(?={_N_WORD}\s+{_TOP_WORDS}\b))"
                    rf"(?P<n>{_N_WORD})(?:\s+{_TOP_WORDS})?"
                    r"(?=(?:\s+(?:ones|papers|results))?(?:\s+(?:of\s+)?(?:them|those|these))?[\s?.!]*$)",
                    re.IGNORECASE)
_SORTED = re.compile(
    rf"^\s*(?:(?:and|now|ok(?:ay)?|please)[\s,]+)*(?:(?:{_ORDER_THEM}\s+(?:by\s+(?:(?:the\s+)?"
    r"(?:year|date|recency|publication\s+(?:year|date)|newest|latest|most\s+recent)(?:\s+first)?)"
    rf"|chronologically|(?:with\s+)?{_NEWEST_FIRST})"
    rf"(?:\s*,?\s*{_NEWEST_FIRST})?)|{_NEWEST_FIRST})"
    r"(?:[\s,]+please)?[\s?.!]*$", re.IGNORECASE)
# ... or those of its latest (earliest) year: "which one is the most recent?", "which are the
# newest?", "the oldest ones", "list the most recent ones"
_LATEST_OF = re.compile(
    r"^\s*(?:and\s+)?(?:(?:which|what)\s+(?:(?:ones?|papers?|of\s+(?:them|those|these))\s+)?(?:is|are)"
    r"|what['\u2019]s|(?:(?:can\s+you\s+)?(?:show|list|give|get|display)(?:\s+me)?\s+)?"
    r"(?:(?:only|just)\s+)?)\s*(?:the\s+)?(?:(?:most|more)\s+recent|newest|newer|latest"
    r"|(?P<old>oldest|older"
    r"|earliest))(?:\s+(?:ones?|papers?|of\s+(?:them|those|these)))?[\s?.!]*$", re.IGNORECASE)
# ... by title: "sort them by title", "list them alphabetically"
_BY_TITLE = re.compile(
    r"^\s*(?:(?:and|now|ok(?:ay)?|please)[\s,]+)*(?:sort|order|list|show|give)(?:\s+me)?"
    rf"(?:\s+(?:them|those|these|the\s+(?:list|papers|results|ones)))?\s+{_BY_TITLE_WORDS}"
    r"(?:[\s,]+please)?[\s?.!]*$", re.IGNORECASE)
# a question about the catalog itself, not a topic: "how many papers are there?", "which venues
# are in the corpus?", "how many COLT 2024 papers are indexed?", "how many papers per year?"
# "what's the distribution of papers across venues?", "the breakdown by year" (no topic)
_DISTRIBUTION = (r"(?:(?:what(?:['\u2019]s|\s+is)|(?:give|show)(?:\s+me)?)\s+)?(?:the\s+|a\s+)?"
                 r"(?:distribution|breakdown|split|spread)(?:\s+of\s+(?:the\s+|all\s+)?papers)?\s+"
                 r"(?:across|by|over|per|among|between)\s+(?:the\s+)?(?:venues?|conferences?|years?)"
                 r"(?=[\s?.!]*$)")
_CATALOG = re.compile(
    r"^\s*(?:(?:and\s+)?how\s+many\s+(?:[\w-]+\s+){0,3}?(?:papers|venues|conferences|years)\b"
    r"|(?:which|what)\s+(?:venues|conferences|years)\b"
    rf"|what(?:'s|\s+is|\s+are|\s+papers\s+(?:are|do\s+you\s+have)|\s+do\s+you\s+have)\s+in\s+{_CORPUS}"
    r"|(?:(?:give|show)(?:\s+me)?\s+)?(?:an?\s+)?(?:overview|summary|description)\s+of\s+(?:"
    rf"{_CORPUS}|the\s+papers)\b"
    r"|" + _DISTRIBUTION + ")", re.IGNORECASE)
# ... its words that are no topic
_CATALOG_WORDS = re.compile(
    rf"\b(?:how\s+many|papers?|venues?|conferences?|years?|(?:are|is)\s+there|there|in\s+total|"
    rf"total|overall|altogether|{_CORPUS}|indexed|loaded|covered|included|contained|cover(?:s|ed)?"
    r"|contains?|holds?|have|has|does|do|you|are|is|per|by|each|every|all|which|what(?:'s)?|in|of"
    r"|from|at|give|show|me|an?|overview|summary|description)\b",
    re.IGNORECASE)
# "I'm interested in X. What's there?": which papers are on X; "... Which ones give Y?": which
# papers on X give Y
_INTERESTED = re.compile(
    r"^\s*(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:(?:very|mostly|mainly|particularly)\s+)?(?:interested"
    r"\s+in|researching|working\s+on|curious\s+about|reading\s+(?:up\s+)?(?:on|about)|(?:writing|preparing"
    r"|drafting)\s+(?:a|an|the|my|our)\s+(?:related[\s-]+work(?:\s+section)?|survey|review|literature"
    r"\s+review|paper|thesis|proposal|report|talk|lecture)\s+(?:on|about))\s+"
    r"(?P<x>[^.?!;]+?)\s*(?:[.?!;]+\s*(?P<ask>.*?))?\s*$", re.IGNORECASE)
# ... an ask after it that names nothing
_GENERIC_ASK = re.compile(
    r"(?:so\s+)?(?:what(?:'s|\s+is)\s+(?:there|available|out\s+there)|what\s+do\s+you\s+have|anything"
    r"|any\s+papers|(?:which|what)\s+papers\s+(?:are\s+there|do\s+you\s+have)|show\s+me(?:\s+(?:some"
    r"|the)\s+papers)?|any\s+suggestions|(?:any\s+)?recommendations)?[\s?.!]*", re.IGNORECASE)
# ... the words of an ask that stand for its papers
_ONES_WORD = re.compile(r"\b(?:ones|papers|of\s+them|of\s+those)\b", re.IGNORECASE)
# two words joined by "of" or "to", which papers may write as one hyphenated compound
# ("mixture of experts", "chain of thought", "text to image"; not "and": "vision and language"
# means "vision-language" too)
_LINKED = re.compile(r"(?<![\w'-])([A-Za-z]\w+)\s+(of|to)\s+([A-Za-z]\w+)(?![\w'-])",
                     re.IGNORECASE)
# a title asked about: "tell me about X", "summarize the paper X", "what is X about?"
_ABOUT = re.compile(r"\s*(?P<frame>(?:please\s+)?(?:tell\s+me\s+(?:more\s+)?about|summari[sz]e"
                    r"|explain|describe|what\s+is)\s+(?:the\s+paper\s+)?)?[\"'\u201c]?(?P<t>.+?)"
                    r"[\"'\u201d]?(?(frame)(?:\s+about)?)\s*[?.!]*\s*$", re.IGNORECASE)
_COMPOUND_PAPERS = 2  # papers writing the hyphenated compound for the words to be read as one
# a prefix written apart from its word ("self supervised", "semi supervised", "multi agent"):
# read as the hyphenated compound where papers write it so (QuestionReader.compounded)
_PREFIXED = re.compile(r"(?<![\w'-])(self|semi|non|multi|cross|pre|post|co|zero|few|fine|long)"
                       r"\s+([a-z]\w+)(?![\w'-])", re.IGNORECASE)
# words asking, not naming the topic, that a misspelling of is read as ("wich paprs study
# X?"): QuestionReader.respelled
_ASKING_WORDS = sorted(w for w in STOPWORDS if len(w) >= 4 and w.isalpha())
# other ways to ask for a listing or its count, read as the usual one: "show me everything on
# X", "count the papers on X", "what's the number of papers on X?"
_MOST_RELEVANT = re.compile(r"\b(?:(?P<be>is|are)\s+)?(?:the\s+)?most\s+(?:relevant|related"
                            r"|pertinent|closely\s+related|similar)\s+to\b(?!\s+(?:each\s+other"
                            r"|one\s+another))", re.IGNORECASE)
_REWORDED = (
    (re.compile(r"\bgimme\b", re.IGNORECASE), "give me"),
    (re.compile(r"\bcompare\s+and\s+contrast\b", re.IGNORECASE), "compare"),  # (a side's words)
    # "papers on diffusion models, but only theoretical ones": theoretical papers on them (it
    # searched "ones")
    (re.compile(r"^(?P<a>.*?\bpapers?\s+(?:on|about)\s+.+?),?\s+(?:but\s+)?only\s+(?:the\s+)?"
                r"(?P<y>[\w-]+(?:\s+[\w-]+)?)\s+(?:ones|papers)(?=[\s?.!]*$)", re.IGNORECASE),
     lambda m: f"{m.group('y')} {m.group('a')}"),
    # "who won best paper at CoRL?", "which papers received awards?": a judgement the
    # abstracts cannot make (it searched "won")
    (re.compile(r"^\s*(?:who|which(?:\s+papers?)?|what\s+papers?)\s+(?:won|got|received|(?:was|were)"
                r"\s+awarded|(?:was|were)\s+given)\s+(?:the\s+|an?\s+)?(?:best[\s-]paper(?:\s+awards?)?"
                r"|awards?|outstanding[\s-]paper(?:\s+awards?)?)", re.IGNORECASE),
     "Which are the best papers"),
    # "state space models in general": no topic words ("what about X in general?")
    (re.compile(r"(?:\s*,)?\s+(?:in\s+general|more\s+(?:generally|broadly)|generally\s+speaking"
                r"|as\s+a\s+whole)(?=[\s?.!]*$)", re.IGNORECASE), ""),
    # "what's in here?", "what do you have?": what the catalog is about (it searched the words)
    (re.compile(r"^\s*(?:(?:so|ok(?:ay)?|hi|hello|hey)[\s,!]+)?(?:what(?:['\u2019]s|\s+is)\s+"
                r"(?:in\s+)?(?:here|there|inside)|what\s+(?:do|did)\s+you\s+(?:have|hold|contain)"
                r"|what\s+have\s+you\s+got|what(?:['\u2019]s|\s+is)\s+(?:available|loaded))[\s?.!]*$",
                re.IGNORECASE), "What is the corpus about?"),
    # "give me a summary of the papers on X": a summary (it listed them, "summary" no word)
    (re.compile(r"^\s*(?:(?:can|could)\s+you\s+)?(?:please\s+)?(?:give|write|provide|make)(?:\s+(?:me|us))?"
                r"\s+(?:an?\s+)?(?:(?:short|brief|quick|concise|high-level)\s+)?summary\s+of\s+",
                re.IGNORECASE), "Summarize "),
    # "which of the previous answer's papers are orals?", "which in the last results ...?": of
    # the last answer's, as "which of them" (it searched "previous answer")
    (re.compile(r"^(?P<lead>\s*(?:and\s+)?(?:which|how\s+many)(?:\s+(?:ones|papers))?\s+)(?:of|in|from"
                r"|among)\s+the\s+(?:previous|last|latest)\s+(?:answer(?:['\u2019]s\s+papers)?|results)\b"
                r"(?!\s+(?:of|on|for|in)\b)", re.IGNORECASE), lambda m: f"{m.group('lead')}of them"),
    # "what is the state of the art in X?": a summary of the papers on X (it searched "state of
    # the art" too: refused where no paper writes both)
    (re.compile(r"^\s*(?:what(?:['\u2019]s|\s+is)|tell\s+me|summari[sz]e)\s+(?:about\s+)?the\s+"
                r"(?:current\s+)?state[\s-]+of[\s-]+the[\s-]+art\s+(?:in|on|for|of|regarding)\s+",
                re.IGNORECASE), "Summarize the papers on "),
    # "is AlphaFold mentioned?", "is X discussed anywhere?": the papers naming it (it searched
    # "mentioned")
    (re.compile(r"^\s*(?:is|are)\s+(?!(?:it|this|that|they|these|those)\s)(?P<x>.+?)\s+(?:ever\s+)?"
                r"(?:mentioned|discussed|named|covered|used|studied)(?:\s+(?:anywhere|at\s+all))?"
                r"(?:\s+in\s+(?:any|the)\s+(?:papers?|abstracts?))?[\s?.!]*$", re.IGNORECASE),
     lambda m: f"Which papers mention {m.group('x')}?"),
    # "what's the difference between the papers on A and B?": A and B compared (it searched
    # "difference A B": refused)
    (re.compile(r"\b(?P<d>differences?|compare)\s+between\s+the\s+papers\s+(?:on|about)\s+",
                re.IGNORECASE), lambda m: f"{m.group('d')} between "),
    # "which one would you recommend (reading first)?", "which should I read first?": a
    # judgement the abstracts cannot make (it searched "recommend reading first")
    (re.compile(r"^\s*(?:so\s+|and\s+)?(?:which|what)(?:\s+(?:one|paper|ones|papers))?\s+(?:would|do"
                r"|can|could)\s+you\s+(?:recommend|suggest)(?:\s+(?:reading|to\s+read|i\s+read))?"
                r"(?:\s+first)?|^\s*(?:so\s+|and\s+)?(?:which|what)(?:\s+(?:one|paper))?\s+should\s+i"
                r"\s+(?:read|start\s+with)(?:\s+first)?(?=[\s?.!]*$)", re.IGNORECASE),
     "which one is the best"),
    # "what methods exist for X?", "what approaches are there for X?", "which techniques have
    # been proposed for X?": the papers on X (it searched "exist")
    (re.compile(r"^\s*(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?(?:methods|approaches|techniques"
                r"|algorithms|solutions|models|frameworks|works?|research)\s+(?:exists?|are\s+(?:there"
                r"|available|out\s+there)|have\s+been\s+(?:proposed|developed|published))\s+(?:for|on|in"
                r"|to|about)\s+",
                re.IGNORECASE), "Which papers study "),
    # "can you explain what X means?", "what does X mean?", "what is meant by X?": what X is
    # (it searched "means")
    (re.compile(r"^\s*(?:(?:can|could)\s+you\s+)?(?:please\s+)?(?:explain|tell\s+me)(?:\s+to\s+me)?\s+what"
                r"\s+(?!(?:it|this|that|they|these|those|the\s+(?:results?|findings?|numbers?))\s)(?P<a>.+?)"
                r"\s+(?:means|stands\s+for)[\s?.!]*$|^\s*what\s+(?:does|do)\s+(?!(?:it|this|that|they|these"
                r"|those|the\s+(?:results?|findings?|numbers?))\s)(?P<b>.+?)\s+"
                r"(?:mean|stand\s+for)[\s?.!]*$|^\s*what\s+is\s+meant\s+by\s+(?P<c>.+?)[\s?.!]*$",
                re.IGNORECASE),
     lambda m: f"What is {m.group('a') or m.group('b') or m.group('c')}?"),
    # "what else is in Poster Session 4 about LLMs?": the papers there ("else" no topic word)
    (re.compile(r"^\s*what\s+else\s+(?:is|was|are|were)\s+(?:(?:being\s+)?(?:presented|shown)\s+)?"
                r"(?=(?:in|at|from|there)\b)", re.IGNORECASE), "Which papers are "),
    # "show me everything on X", "show me stuff about X", "got anything about X?", "any on
    # X?", "what's out there on X?": papers on X
    (re.compile(r"^\s*(?:(?:show|give|list|find)\s+(?:me\s+)?(?:everything|anything|all|stuff"
                r"|something|things|some\s+(?:stuff|things))|(?:(?:have\s+you\s+|you\s+)?got\s+"
                r"|(?:do\s+you\s+)?have\s+|(?:is|are)\s+there\s+)?(?:anything|something|stuff|any)"
                r"|what(?:['\u2019]s|\s+is)\s+"
                r"(?:out\s+)?there)\s+(?=(?:on|about|regarding|related\s+to)\s)", re.IGNORECASE),
     "Show me papers "),
    # (papers, orals, ... after up to three words: "count the spotlight papers on X", "number
    # of COLM 2024 papers on Y")
    (re.compile(r"^\s*(?:(?:count|tally)\s+(?:the\s+|all\s+(?:the\s+)?)?|(?:what(?:'s|\s+is)\s+)?"
                r"(?:the\s+)?(?:total\s+)?(?:number|count)\s+of\s+(?:the\s+)?)(?=(?:[\w'-]+\s+){0,3}"
                r"(?:papers|orals|spotlights|posters|works|articles|publications)\b)", re.IGNORECASE),
     "How many "),
    # "how do RLHF and DPO compare?", "how does DPO compare to (with) RLHF?": a comparison
    (re.compile(r"^\s*how\s+(?:do|does)\s+(?P<a>.+?)\s+(?:and\s+(?P<b>.+?)\s+compare"
                r"|compare\s+(?:to|with|against)\s+(?P<c>.+?))(?:\s+(?P<on>(?:on|for|in)\s+.+?))?"
                r"[\s?.!]*$", re.IGNORECASE),
     lambda m: f"Compare {m.group('a')} and {m.group('b') or m.group('c')}"
               f"{' ' + m.group('on') if m.group('on') else ''}"),
    # "which one is most relevant to X?", "the papers most related to X": those on X, the
    # closest first (it searched "relevant to X"; of a list naming none, the closest:
    # :attr:`Plan.closest`)
    (_MOST_RELEVANT, lambda m: f"{m.group('be')} on" if m.group("be") else "on"),
    # "good papers to start learning about X", "introductory papers on X": papers on X (it
    # searched "good start learning")
    (re.compile(r"\b(?:some\s+)?(?:good|great|nice|useful|introductory|beginner(?:[\s-]friendly)?|"
                r"essential|must[\s-]read|foundational|starter)\s+papers\s+(?:(?:for\s+(?:a\s+)?"
                r"beginners?\s+)?(?:to\s+(?:start|begin|get\s+started)(?:\s+(?:learning|reading))?\s+)?"
                r"(?:about|on|with|in|for)|to\s+(?:read|learn)\s+(?:about|on))\s+", re.IGNORECASE),
     "papers on "),
    # "what's the intersection of RL and LLMs?", "papers at the intersection of A and B": the
    # papers on both (it searched "intersection")
    (re.compile(r"^\s*what(?:['\u2019]s|\s+is)\s+(?:at\s+)?the\s+intersection\s+(?:of|between)\s+",
                re.IGNORECASE), "Which papers study "),
    (re.compile(r"\b(?:at|on|in)\s+the\s+intersection\s+(?:of|between)\s+", re.IGNORECASE), "on "),
    # "papers applying transformers to time series forecasting": on transformers for it (it
    # searched "applying" with the words)
    (re.compile(r"\b(?P<n>papers?|works?|studies|ones|methods|approaches)\s+(?:that\s+|which\s+)?"
                r"(?:apply|applies|applied|applying)\s+(?P<x>(?!(?:to|in)\b)[^,?.!]+?)\s+(?:to|in)\s+"
                r"(?P<y>[^,?.!]+)", re.IGNORECASE),
     lambda m: f"{m.group('n')} on {m.group('x')} for {m.group('y')}"),
    # "papers that criticize RLHF", "work critical of X": the papers on X, each by its sentence
    # on X's limitations (it searched "criticize RLHF": abstracts rarely say so)
    (re.compile(r"^\s*(?:(?:are\s+there|which|what|find|list|show(?:\s+me)?|any)\s+)?(?:any\s+)?"
                r"(?:papers?|works?|studies|articles)\s+(?:that\s+|which\s+)?(?:criticiz|criticis|critiqu"
                r"|(?:are|is)\s+critical\s+of|critical\s+of|challeng|refut|disput|debunk)\w*\s+"
                r"(?P<x>.+?)[\s?.!]*$", re.IGNORECASE),
     lambda m: f"What are the limitations of {m.group('x')}?"),
    # "what do they conclude?", "what are their main findings?", "summarize the key ideas":
    # the last answer's papers summarized (it summarized those naming "conclude")
    (re.compile(r"^\s*(?:(?:and|so)\s+)?(?:what\s+(?:do|does|did)\s+(?:they|these|those|(?:these|those"
                r"|the)\s+papers)\s+(?:conclude|claim|argue|suggest|demonstrate|achieve|report"
                r"|discover|contribute|find|say)|what\s+(?:are|were)\s+their\s+(?:main\s+|key\s+)?"
                r"(?:conclusions|findings|results|contributions|claims|takeaways)"
                # ... "summarize their key ideas" (it searched "ideas")
                rf"|(?:summari[sz]e|what\s+(?:are|were))\s+their\s+{_KEY_POINTS})[\s?.!]*$",
                re.IGNORECASE), "Summarize them."),
    # "give me a reading list on X": papers on X (it searched "reading")
    (re.compile(r"\b(?:an?\s+)?(?:reading|paper|literature)\s+list\s+(?=(?:on|about|for|of|in)\s)",
                re.IGNORECASE), "papers "),
    # "papers that compare RLHF and DPO", "papers comparing PPO with DPO": the papers naming
    # both (it searched "compare RLHF and DPO": none)
    (re.compile(r"\b(?P<p>papers?|works?|studies|articles)\s+(?:that\s+|which\s+)?(?:compare[sd]?"
                r"|comparing|contrast(?:s|ing)?)\s+(?P<a>(?:(?!ways\b)[^?.!\s]+\s+){0,3}?[^?.!\s]+?"
                r"(?<!ed))\s+(?:and|with|against|vs\.?|versus)\s+(?=[^?.!\s])", re.IGNORECASE),
     lambda m: f"{m.group('p')} on {m.group('a')} and "),
    # "are there more papers on X in 2025 than in 2024?", "were there more X papers at CoRL
    # than at COLT?": X's papers at each, compared (it searched "X 2025 2024")
    (re.compile(r"^\s*(?:are|were|is|was)\s+there\s+more\s+(?P<x>.+?)\s+(?P<in>in|at|from)\s+"
                r"(?P<a>[^?.!]+?)\s+than\s+(?:(?:in|at|from)\s+)?(?P<b>[^?.!]+?)[\s?.!]*$",
                re.IGNORECASE),
     lambda m: f"Compare {m.group('x')} {m.group('in')} {m.group('a')} and {m.group('b')}"),
    # "is DPO better than PPO?", "does LoRA work better than full fine-tuning for vision?": a
    # comparison, as "which is better, A or B?" (:data:`_MORE_POPULAR`)
    (re.compile(r"^\s*(?:is|are|was|were|does|do)\s+(?P<a>.+?)\s+(?:(?:work|perform)s?\s+)?"
                r"(?:better|worse|faster|slower|stronger|weaker|more\s+\w+|less\s+\w+)\s+than\s+"
                r"(?P<b>.+?)(?:\s+(?P<on>(?:on|for|in|at)\s+.+?))?[\s?.!]*$", re.IGNORECASE),
     lambda m: f"Compare {m.group('a')} and {m.group('b')}"
               f"{' ' + m.group('on') if m.group('on') else ''}"),
    # "which of Levine's papers are about X?": those by Levine on X
    (re.compile(r"^\s*which\s+of\s+(?P<who>\S+(?:\s+\S+){0,3}?)['\u2019]s?\s+(?:papers|works?)\s+",
                re.IGNORECASE), r"Which papers by \g<who> "),
    # "papers coauthored by A and B": "co-authored", as the question reader knows it (it was
    # respelled "authored")
    (re.compile(r"\bco(author(?:ed|s)?|writ(?:ten|es|e))\b", re.IGNORECASE), r"co-\1"),
    # "define X", "what is the definition of X?": what X is
    (re.compile(r"^\s*(?:define|(?:what(?:['\u2019]s|\s+is)|give\s+(?:me\s+)?)\s*(?:the\s+|a\s+)?"
                r"definition\s+of)\s+(?=\S)", re.IGNORECASE), "What is "),
    # "neural nets": as the papers mostly write it
    (re.compile(r"\bneural\s+net(s?)\b", re.IGNORECASE), r"neural network\1"),
    # a thing named by what it is called: "papers that mention a method called 'chain of
    # thought prompting'", "a dataset known as ImageNet": the name (abstracts write no
    # "called"; a paper called "X" is a title, :data:`_QUOTED_TITLE`)
    (re.compile(r"\b(?:(?:a|an|the)\s+)?(?:new\s+|novel\s+)?(?:method|technique|approach|model"
                r"|algorithm|framework|architecture|dataset|benchmark|concept|idea|strategy"
                r"|trick|paradigm|procedure|tool|library|system|task|problem|loss|metric)s?\s+"
                r"(?:called|named|known\s+as|dubbed|termed|referred\s+to\s+as)\s+"
                r"(?:(?P<q>[\"\u201c\u2018'])(?P<x>[^\"\u201d\u2019]+?)[\"\u201d\u2019']"
                r"|(?=\w))", re.IGNORECASE),
     lambda m: m.group("x") or ""),
    # a change over the years: "how has the number of papers on X changed (from 2023 to
    # 2025)?", "is X research growing?", "how has X evolved over the years?": a count per year
    (re.compile(r"^\s*(?:how\s+(?:has|have|did)\s+(?:the\s+)?(?:number|count|amount|volume)\s+of"
                r"\s+(?:papers|work|research|publications)\s+(?:on|about|in)\s+(?P<a>.+?)"
                r"|(?:is|are)\s+(?:the\s+)?(?:(?:research|work)\s+(?:on|in)\s+)?(?P<b>.+?)"
                r"(?:\s+(?:research|work))?\s+(?:(?:still\s+)?(?:growing|increasing|declining"
                r"|shrinking|on\s+the\s+rise|becoming\s+more\s+popular))"
                r"|how\s+(?:has|have|did)\s+(?:the\s+)?(?:(?:research|work)\s+(?:on|in)\s+)?"
                r"(?P<c>.+?)(?:\s+(?:research|work))?\s+(?:evolved|grown|developed))(?:\s+(?:changed"
                r"|grown|evolved))?(?:\s+(?:over\s+(?:time|the\s+years)|(?P<span>(?:from|between)\s+"
                r"(?:19|20)\d\d\s+(?:to|and)\s+(?:19|20)\d\d)|(?:in\s+)?recent\s+years))?[\s?.!]*$",
                re.IGNORECASE),
     lambda m: f"How many papers on {m.group('a') or m.group('b') or m.group('c')}"
               f"{' ' + m.group('span') if m.group('span') else ''} per year?"),
)
# "what's new in X?": the latest papers on X
_WHATS_NEW = re.compile(r"^\s*what(?:['\u2019]?s|\s+is|\s+are)\s+(?:new|(?:the\s+)?(?:latest|recent|newest)"
                        r"(?:\s+(?:work|advances|developments|progress|papers|research|results"
                        r"|findings))?)\s+(?:in|on|about|for|with)"
                        r"\s+(?P<x>.+?)[\s?.!]*$", re.IGNORECASE)
# a question about one paper's authors, venue and year, status, abstract or affiliations, the
# paper named by its title (``x``): "who wrote X?", "when was X published?", "is X an oral?"
_TITLE = r"(?:the\s+paper\s+)?[\"\u201c'\u2018]?(?P<x>[^\"\u201d]+?)[\"\u201d'\u2019]?"
_PAPER_FACT = re.compile(
    r"^\s*(?:(?P<authors>who\s+(?:(?:are|were)\s+the\s+(?:co-?)?authors\s+of|(?:is|was)\s+the\s+"
    r"(?:first\s+|last\s+)?author\s+of|wrote|authored|(?:has|have)\s+written|made|created"
    r"|developed|built)|(?:list|give|show|name)"
    r"(?:\s+me)?\s+the\s+authors\s+of|(?:what|which)\s+are\s+the\s+authors\s+of)"
    r"|(?P<when>(?:when|where)\s+(?:was|is|did)|(?:at\s+|in\s+)?(?:which|what)\s+(?:venue|conference"
    r"|year)(?:\s+and\s+(?:venue|conference|year))?\s+(?:was|is|did))"
    r"|(?P<session>(?:at\s+|in\s+)?(?:which|what)\s+(?:poster\s+|oral\s+)?session\s+(?:was|is|did))"
    r"|(?P<status>what\s+(?:is|was)\s+the\s+(?:status|decision|presentation(?:\s+type)?)\s+of)"
    r"|(?P<abstract>(?:what\s+(?:is|was)|show(?:\s+me)?|give(?:\s+me)?|print|read)\s+the\s+abstract\s+of)"
    r"|(?P<affiliations>(?:what|which)\s+are\s+the\s+(?:affiliations|institutions)\s+of"
    r"(?:\s+the\s+(?:co-?)?authors\s+of)?|where\s+are"
    r"\s+the\s+authors\s+of))"
    rf"\s+{_TITLE}(?:\s+(?:(?:get\s+)?(?:published|presented|accepted|released|shown)"
    r"|appear(?:ed)?|come\s+out))?(?:\s+(?:at|in|from))?[\s?.!]*$", re.IGNORECASE)
# ... the paper named as the one the last answer was on ("who wrote it?"), or the papers
_IT = re.compile(r"(?:it|this|that|(?:this|that|the)\s+(?:one|paper|work|article)"
                 r"|(?P<many>they|them|these|those|(?:these|those|the)\s+(?:two|three|papers|ones)))",
                 re.IGNORECASE)
# ... "it" said of the last answer's papers where it was on no more than these: each of them
_FEW_FOR_IT = 5
# the last list counted by a field: "how many per year?", "which venue had the most?",
# "break them down by author"
_TALLY_BY = r"(year|venue|conference|author|institution|affiliation|area)"
_TALLY_LAST = re.compile(
    r"^\s*(?:and\s+)?(?:how\s+many(?:\s+(?:papers|of\s+them|are\s+there))?\s+(?:per|by|in\s+each"
    rf"|for\s+each|each|(?:from|at|in)\s+(?:each|every))\s+{_TALLY_BY}"
    rf"|(?:which|what)\s+{_TALLY_BY}\s+(?:had|has|have|published|contributed|wrote)\s+the\s+most"
    r"(?:\s+(?:papers|of\s+them|ones))?|(?:break|split|group"
    rf"|count)\s+(?:them|it|those|these)(?:\s+down)?\s+by\s+{_TALLY_BY}"
    # ... "in which years?", "from which venues (are they)?"
    rf"|(?:in|from|at)\s+which\s+{_TALLY_BY}s?(?:\s+(?:are|were)\s+(?:they|those|these))?)"
    r"[\s?.!]*$", re.IGNORECASE)
_TALLIED_AS = {"conference": "venue", "institution": "affiliation"}
# ... what it is about: "what is it about?", "tell me more about it", "summarize this paper",
# "what does it propose?"
_THIS_ONE = r"(?:it|this(?:\s+(?:one|paper|work))?|that(?:\s+(?:one|paper|work))?)"
_ABOUT_IT = re.compile(
    rf"{_LEAD}(?:what(?:['\u2019]s|\s+is|\s+was)\s+{_THIS_ONE}\s+about"
    rf"|tell\s+me\s+(?:more\s+)?about\s+{_THIS_ONE}|summari[sz]e\s+{_THIS_ONE}|what\s+(?:does|did)"
    rf"\s+{_THIS_ONE}\s+(?:do|propose|show|find|contribute)|more\s+(?:on|about)\s+{_THIS_ONE})"
    r"(?:\s+please)?[\s?.!]*$", re.IGNORECASE)
# ... the authors asked with no paper named: "who are the authors?", "how many authors does it
# have?" (not "who are the co-authors?": theirs counted, :data:`_COAUTHORS`)
_BARE_AUTHORS = re.compile(
    r"^\s*(?:and\s+)?(?:(?:who\s+(?:are|were)|list|name|show(?:\s+me)?|give\s+me)\s+the\s+"
    r"authors|how\s+many\s+authors\s+(?:does|did|do)\s+(?:it|this(?:\s+(?:one|paper))?|that"
    r"(?:\s+(?:one|paper))?|the\s+paper|they)\s+have"
    # "give me the first author of each", "who is the lead author of each one?"
    r"|(?:(?:give|show|list|tell)(?:\s+me)?|who\s+(?:is|are))\s+the\s+(?:(?:first|lead|main)\s+)?"
    r"authors?\s+(?:of|for)\s+(?:each(?:\s+(?:one|paper))?|them|those|these|every\s+paper"
    r"|all\s+of\s+them))[\s?.!]*$", re.IGNORECASE)
# papers like the one paper the last answer was on: "papers similar to it", "any similar
# papers?", "more like this one", "which papers are related to this paper?", "what are similar
# papers?"
_LIKE_IT = re.compile(
    r"^\s*(?:(?:(?:find|show|list|give|suggest|recommend)(?:\s+(?:me|us))?|are\s+there|(?:which|what)"
    r"(?:\s+other)?\s+papers\s+are|(?:which|what)\s+are(?:\s+the)?)\s+)?(?:(?:some|any|more|other)\s+)?"
    r"(?:(?:(?:papers?|works?|"
    r"articles?|ones)\s+)?(?:(?:similar|related|close)\s+to|like)\s+" + _IT.pattern
    + r"|(?:similar|related|follow[\s-]?up|subsequent)\s+(?:papers|work|works|ones|articles|research)"
    r"|(?:papers|work)\s+(?:building|that\s+builds?)\s+on\s+(?:it|this|that))[\s?.!]*$",
    re.IGNORECASE)
# ... by its place in the last listing, the words left: "more like the first one", "find
# papers similar to paper 3"
_MORE_LIKE = re.compile(r"\s*(?:(?:find|show|list|give|suggest|recommend)(?:\s+(?:me|us))?\s+)?"
                        r"(?:(?:some|any|more|other)\s+)?(?:(?:papers?|works?|articles?|ones)\s+)?"
                        r"(?:(?:similar|related|close)\s+to|like)\s*[?.!]*", re.IGNORECASE)
# co-authors left out of an author's papers: "papers by A but not with B", "A's papers
# without B", "which papers by A are not with B?", "excluding those with B"
_NOT_WITH = re.compile(r"\s*,?\s*\b(?:(?:but|and)\s+)?(?:(?:(?:are|is)\s+)?not\s+(?:with|by|co-?authored"
                       r"\s+by|(?:those|ones|papers?)\s+(?:with|by))|without|(?:excluding|except(?:\s+for)?)"
                       r"(?:\s+(?:those|ones|papers?)\s+(?:with|by))?)\s+(?P<who>[^?.!]+?)"
                       r"(?=\s+(?:on|about|study|studying|that|which|in|from|at|since|before|after"
                       r"|published)\b|\s*,|[\s?.!]*$)", re.IGNORECASE)
# "who are its authors?", "where are its authors from?", "what is its status?": "the authors
# of it", as _PAPER_FACT reads them
_ITS = re.compile(r"^(?P<ask>\s*(?:who|what|where|which)\s+(?:is|are|was|were)\s+)(?P<whose>its|their)\s+"
                  r"(?P<what>(?:co-?)?authors|(?:first\s+|last\s+)?author|affiliations|institutions"
                  r"|status|decision|presentation(?:\s+type)?|abstract)(?=(?:\s+from)?[\s?.!]*$)",
                  re.IGNORECASE)
# a paper's status asked: "Is X an oral?", "Is X an oral or a poster at CoRL?"
_IS_STATUS = re.compile(rf"^\s*(?:is|was)\s+{_TITLE}\s+(?:an?\s+)?(?:oral|spotlight|poster)"
                        r"(?:\s*(?:,|or)\s+(?:an?\s+)?(?:oral|spotlight|poster))*"
                        r"(?:\s+(?:paper|presentation))?(?:\s+(?:at|in)\s+[\w-]+(?:\s+\d{4})?)?"
                        r"[\s?.!]*$", re.IGNORECASE)
# "is it from 2023?", "was this paper published at NeurIPS 2023?" after an answer on one paper,
# "is the first one from 2024?" after a list: its venue and year (fact "when")
_IS_WHEN = re.compile(r"^\s*(?:is|was)\s+(?P<x>it|this(?:\s+(?:paper|one))?|that(?:\s+(?:paper|one))?"
                      r"|the\s+[\w-]+\s+(?:one|paper)|paper\s+(?:#\s*)?\d+)"
                      r"\s+(?:(?:published|presented|accepted)\s+)?(?:from|in|at)\s+(?P<when>(?:[A-Za-z]"
                      r"[\w-]*\s+)?(?:19|20)\d{2})[\s?.!]*$", re.IGNORECASE)
# whether a paper of a title is indexed: "Is there a paper called X?", "Is 'X' in the corpus?",
# "Is the paper X in the index?", "Does the corpus contain a paper titled X?"
_IS_INDEXED = re.compile(
    r"^\s*(?:(?:is|are)\s+there|(?:do|does)\s+(?:you|it|the\s+(?:corpus|index))\s+(?:have|hold|"
    r"contain|include))\s+(?:an?\s+|the\s+|any\s+)?(?:paper|article|work)\s+(?:called|titled|named|"
    r"entitled)\s+(?:[\"\u201c'\u2018](?P<x>[^\"\u201d]+?)[\"\u201d'\u2019]|(?P<y>.+?))[\s?.!]*$"
    r"|^\s*(?:is|are)\s+(?P<paper>the\s+paper\s+)?(?:[\"\u201c'\u2018](?P<z>[^\"\u201d]+?)"
    r"[\"\u201d'\u2019]|the\s+paper\s+"
    r"(?P<w>.+?))\s+(?:in|part\s+of|among|included\s+in|indexed(?:\s+in)?)(?:\s+(?:the|this|your)"
    r"\s+(?:corpus|index|collection|list|papers|dataset|database))?[\s?.!]*$", re.IGNORECASE)
# ... an author or a topic: "Is Yoshua Bengio in the index?", "is federated learning in the
# corpus?"
_IN_INDEX = re.compile(
    r"^\s*(?:is|are)\s+(?!there\b|the\s+paper\b)(?P<x>[^\"\u201c'\u2018].*?)\s+(?:in|part\s+of"
    rf"|among|included\s+in|indexed(?:\s+in)?)\s+(?:{_CORPUS}|(?:the|this|your)\s+dataset)"
    r"[\s?.!]*$", re.IGNORECASE)
# "show me more" after a listing written out in part: its next papers
# "who else works on this?" after an answer on one paper (its neighbours' authors) or a list
# (not "who works on this topic?": the papers on the last listing's topic)
_WHO_ELSE = re.compile(r"^\s*(?:(?:and|so)[\s,]+)?who\s+else\s+(?:works?|worked|is\s+working"
                       r"|publishe[sd]|writes|wrote|researche[sd])\s+(?:on|about)\s+(?:this|that|it|these"
                       r"|those|them|(?:this|that|the\s+same)\s+(?:topic|problem|area|idea))[\s?.!]*$",
                       re.IGNORECASE)
# every paper: "list all papers", "show me everything", "list all the indexed papers"
_LIST_ALL = re.compile(r"^\s*(?:(?:please|ok(?:ay)?|so)[\s,]+)?(?:(?:can\s+you\s+)?(?:list|show|give"
                       r"|display|print)(?:\s+(?:me|us))?\s+)(?:everything|all(?:\s+(?:of\s+)?the)?\s+"
                       r"(?:indexed\s+)?(?:papers|abstracts)|all\s+(?:the\s+)?(?:indexed\s+)?papers"
                       r"|every\s+paper|the\s+whole\s+(?:corpus|index|list|collection))"
                       r"(?:\s+(?:you\s+have|in\s+the\s+(?:index|corpus)|indexed))?(?:[\s,]+please)?"
                       r"[\s?.!]*$", re.IGNORECASE)
# ... "how many are there?" with no list before: the catalog's count
_HOW_MANY_BARE = re.compile(rf"{_LEAD}how\s+many\s+(?:are\s+there|do\s+you\s+have"
                            r"|are\s+(?:indexed|loaded|in\s+(?:here|there|the\s+(?:index|corpus))))"
                            r"(?:\s+in\s+total)?[\s?.!]*$", re.IGNORECASE)
# ... "what about the language ones?", "and the theoretical ones?", "show me the UAI ones": of
# the list, or of the one a narrowing narrowed (not "the other ones", "the first ones", "the
# newest ones": their own forms; "the first-order ones" is one)
_SIBLING_ONES = re.compile(
    rf"{_LEAD}(?:(?:what|how)\s+about\s+|(?:can\s+you\s+)?(?:show(?:\s+me)?|list|give\s+me|find"
    r"|get|display)(?:\s+(?:only|just))?\s+)?the\s+(?P<w>(?!(?:other|remaining|first|last|top|next"
    r"|previous|most|best|newest|newer|latest|recent|more\s+recent|oldest|older|earliest|same)"
    r"(?![\w-]))[\w-]+(?:\s+[\w-]+){0,3}?)\s+ones[\s?.!]*$", re.IGNORECASE)
# ... "compare the graph ones and the image ones", "contrast the 2024 papers with the 2025
# ones" (one side "ones": QuestionReader._read): the two parts of the list, or of the one a
# narrowing narrowed
_COMPARE_ONES = re.compile(
    rf"{_LEAD}(?:compare|contrast|(?:what(?:'s|\s+is|\s+are)\s+)?(?:the\s+)?"
    r"differences?\s+between)\s+the\s+(?P<a>[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:ones|papers)\s+"
    r"(?:and|with|to|vs\.?|versus|against)\s+the\s+(?P<b>(?!(?:others?|rest|remaining)\b)[\w-]+"
    r"(?:\s+[\w-]+){0,3}?)\s+(?:ones|papers)[\s?.!]*$", re.IGNORECASE)
# ... "and which don't?", "what about the ones that don't?" after a narrowing: the rest too
_WHICH_DONT = re.compile(rf"{_LEAD}(?:(?:what|how)\s+about\s+)?(?:which|the\s+ones\s+that)(?:\s+ones"
                         r"|\s+of\s+(?:them|those|these))?\s+(?:don'?t|do\s+not|doesn'?t|does\s+not"
                         r"|aren'?t|are\s+not|didn'?t|did\s+not)(?:\s+(?:use|have|do|study|cover"
                         r"|mention)(?:\s+(?:it|that|them|this))?)?[\s?.!]*$", re.IGNORECASE)
# ... the papers a narrowing left out: "what about the others?", "and the other ones?"
_OTHERS_WORDS = (r"(?:(?:what|how)\s+about\s+)?(?:the\s+)?(?:others|other\s+(?:ones|papers)"
                 r"|remaining\s+(?:ones|papers)|ones\s+left\s+out)")
_OTHERS = re.compile(rf"{_LEAD}{_OTHERS_WORDS}[\s?.!]*$", re.IGNORECASE)
# ... and a question of them: "what about the remaining ones, what do they use?"
_OTHERS_THEN = re.compile(rf"{_LEAD}{_OTHERS_WORDS}\s*[,:;]\s*(?P<q>\S.*)$", re.IGNORECASE)
_MORE = re.compile(
    r"^\s*(?:(?:and|ok(?:ay)?|please)[\s,]+)?(?:(?:show|list|give|tell|write)(?:\s+(?:me|us))?"
    r"(?:\s+(?:the|some))?\s+)?(?:(?:some\s+|any\s+)?more(?:\s+(?:papers|ones|results|of\s+(?:them|those|"
    r"these)))?|(?:the\s+)?(?:rest|others|remaining(?:\s+(?:papers|ones))?|next(?:\s+(?:papers|"
    r"ones|page))?)(?:\s+of\s+(?:them|those|these|the\s+list))?|continue|go\s+on|keep\s+going|what\s+else)"
    r"(?:[\s,]+please)?[\s?.!]*$", re.IGNORECASE)


# ---- the conversation and the plan ------------------------------------------------------
@dataclass
class Turn:
    question: str
    standalone: str
    paper_ids: list[str]
    answer: str
    picked: bool = False  # on papers of an earlier listing by their place ("the first one")
    shown: int = 0  # papers of ``paper_ids`` written out, from the first ("show me more": next)
    topics: list[str] = field(default_factory=list)  # the topics a tally by topic showed
    counted: list[str] = field(default_factory=list)  # the names a tally showed, in order
    counted_by: str = ""  # ... counted by what (:data:`PICKED_FROM`: "author", "venue")
    like: str = ""  # the paper a listing of papers like one was of ("find similar papers")
    topic: str = ""  # a listing's topic as its first line named it ("offline RL", not "offline
    #                  RL 2024 2025 AISTATS": its words, filters left out)
    within: str = ""  # ... a narrowing's ("which of them are theoretical?": "theoretical")
    by_filters: bool = False  # ... a narrowing by filters ("which are from 2024?": "2024")
    author: str = ""  # the author whose papers it is on ("what did X work on?"; a narrowing
    #                   of them: "which of them are on Y?")
    titles: bool = False  # its lines were titles alone ("just the titles")
    scoped: bool = False  # on papers of an answer before ("summarize them"), not a search
    sides: list[tuple[str, int]] = field(default_factory=list)  # a comparison's sides, and the
    #                                                             papers found for each
    fact: str = ""  # what it asked of the papers it picked (:attr:`Plan.fact`: "is the first
    fact_check: str = ""  # one from 2024?": "when", "2024"), for "and the second one?"


@dataclass
class Conversation:
    """The chat so far; follow-up questions are resolved against its last turn."""

    turns: list[Turn] = field(default_factory=list)

    @property
    def last(self) -> Turn | None:
        return self.turns[-1] if self.turns else None

    @property
    def listed(self) -> Turn | None:
        """The last turn that did not pick papers of another by their place and has papers:
        the one whose listing "the second one" or "paper 3" picks from (not a refusal after
        it: "of those, which use X?" where none does)."""
        return next((t for t in reversed(self.turns) if not t.picked and t.paper_ids), None)

    @property
    def answered(self) -> Turn | None:
        """The last turn with papers: the one "which ones use X?" narrows and "they" names
        (after "which of them are Y?" found none, the answer before it)."""
        return next((t for t in reversed(self.turns) if t.paper_ids), None)

    @property
    def topic(self) -> str:
        """The last listing's topic as its first line named it (:attr:`Turn.topic`); ''."""
        return next((t.topic for t in reversed(self.turns) if t.topic), "")

    def named(self, words: str, *, partly: bool = False) -> int | None:
        """The place of the last turn with papers whose listing's topic, or narrowing's, is
        ``words`` ("the LoRA papers", "the theoretical ones"), or holds them all where
        ``partly`` ("go back to the fairness list": "fairness in machine learning"); None where
        none is. A synonym names its phrase ("the offline RL papers": "offline reinforcement
        learning", :func:`rag.textnorm.with_synonyms`)."""
        asked = _topic_words(words)  # ("the spotlight ones": those narrowed to spotlights)
        fresh = max((i for i, t in enumerate(self.turns) if t.topic), default=-1)  # the last
        # listing: a narrowing by filters before it is of an older list ("summarize the 2024
        # ones" after a new listing narrows that one; "the causal inference ones" is named)
        return next((i for i in reversed(range(len(self.turns))) if self.turns[i].paper_ids
                     and any(name and (asked == _topic_words(name) or partly and set(
                         asked.split()) <= set(_topic_words(name).split()))
                             for name in (self.turns[i].topic, self.turns[i].within
                                          if i >= fresh or not self.turns[i].by_filters
                                          else ""))), None)

    def history(self) -> list[tuple[str, str]]:
        return [(t.question, t.answer) for t in self.turns]


def _topic_words(topic: str) -> str:
    """How :meth:`Conversation.named` compares topics: plain singular words, a synonym as its
    phrase's token ("offline RL papers" and "offline reinforcement learning paper" alike)."""
    return plain(singular(with_synonyms(topic)))


class _AuthorNamed(NamedTuple):
    """An author a question names (:meth:`QuestionReader._author_named`)."""

    name: str  # as the catalog holds it; "A or B" for each author of a last name
    words: str  # the question's words naming it
    many: tuple[str, ...] = ()  # a last name too many authors have: all of them
    misspelled: bool = False  # ``words`` name no author; ``name`` is the closest


@dataclass
class Plan:
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
    without_authors: tuple[str, ...] = ()  # ... less the papers these wrote ("but not with B")
    author_place: str = ""             # ... "first" or "last" where it must be so placed
    author_count: tuple[int, int] | None = None  # "single-author papers": (1, 1), inclusive
    author_extreme: str = ""           # ... "most" or "fewest": of those, the most (fewest) authors
    without_code: bool = False         # "... without code": those whose abstract links none
    with_code: bool = False            # "NeRF papers with code": those whose abstract links
    #                                    code (:data:`CODE_LINKED`)
    new_data: bool = False             # "papers that release new datasets": those introducing
    #                                    one (:func:`introduces_data`)
    also_said: str = ""                # what else the papers must be, as the first line says
    #                                    it: "with a single author", "with linked code",
    #                                    "besides “<title>”"
    whole_scope: bool = False          # "what do they prove?": all of ``scope``, best first
    sides: tuple[str, ...] = ()        # "compare LoRA and prefix tuning", "LoRA or adapters"
    side_counts: list[int] = field(default_factory=list)  # papers found for each side
    side_of: dict[str, int] = field(default_factory=dict)  # ... each paper's (first) side
    side_shared: int = 0  # ... how many papers were found for more than one side
    side_filters: tuple[Filters, ...] = ()  # "UAI and AISTATS papers on X": each side's, on
    #                                         ``query``
    judged: bool = False               # "the best paper on X": a judgement abstracts cannot make
    citing: bool = False               # "which papers cite X?": those naming X instead
    newest_first: bool = False         # "recent papers on X": listed by year, newest first
    by_title: bool = False             # "sort them by title": listed by title
    without: str = ""                  # "bandits but not regret": papers naming it are left out
    limit: int | None = None           # "give me three papers on X": written out (all counted)
    like: str = ""                     # "papers similar to X": the id of the paper titled X
    earlier: str = ""                  # the topic of an earlier listing ``scope`` narrows, not
    #                                    the last ("which of the LoRA papers are on vision?")
    closest: bool = False              # "which one is most relevant to X?": of ``scope``, where
    #                                    none is on X, the one closest by meaning
    rest_of: int = 0                   # "and the rest?": the papers of the list narrowed
    #                                    (of this many) the narrowing left out
    narrowed: bool = False             # a summary of a narrowing of ``scope`` ("summarize the
    #                                    2024 ones"): its first line the narrowing's
    skip: tuple[str, ...] = ()         # papers not to list ("what else is in that session?")
    like_text: str = ""                # "papers related to this abstract: ...": the passage
    left_out: int = 0                  # papers found but left out for naming ``without``
    only_left_out: bool = False        # "which papers don't use X?": no topic to list
    no_affiliations: str = ""          # "papers from MIT" where no paper gives affiliations
    institution_dropped: bool = False  # ... and the search is on the question's topic alone
    respelled: list[tuple[str, str]] = field(default_factory=list)  # ("lerning", "learning")
    dated: list[tuple[str, str]] = field(default_factory=list)  # ("last year", "2025")
    ambiguous: list[str] = field(default_factory=list)  # "by Li": the many authors named so
    picked: bool = False               # "the first one": papers of the last listing
    recount: bool = False              # "how many are there?": the last answer's papers
    offset: int = 0                    # "show me more": lines from this place of ``scope`` on
    exclude: Filters | None = None     # "remove the posters": ``scope`` less the papers it matches
    aspect: str = ""                   # "the limitations of X": what to show of X's papers
    share: bool = False                # "what fraction of papers ...": their share said too
    share_base: Filters | None = None  # ... of the papers of these filters ("what fraction of
    #                                    CoRL papers are orals?": of CoRL's), where not all
    scope_of: int = 0                  # the papers ``scope`` was picked from, where more
    #                                    ("topic 2" after a tally by area: of the 29 counted)
    fact: str = ""                     # "who wrote X?": "authors", "when", "status", "abstract"
    #                                    or "affiliations" of the one paper in ``scope`` (or
    #                                    "authors+affiliations": "... and where are they from?")
    fact_check: str = ""               # "is it from ICLR 2024?": "ICLR 2024"; "is X an oral?": "oral"
    reply: str = ""                    # "hello", "thanks": what to say, with no search
    part: str = ""                     # "which of the 2025 ones are orals?": the part of the
    #                                    list ``scope`` holds, as a first line names it ("from
    #                                    2025", "that are orals")
    export: str = ""                   # "bibtex for the oral ones": the papers found, exported
    #                                    as "bibtex", "csv" or "links" (:func:`exported`)
    tally: str = ""                    # "the most prolific authors on X": count by "author",
    #                                    "affiliation", "venue", "year", "area", "topic" or
    #                                    "trend" (topics by growth)
    tally_own: bool = False            # ... by ``author``'s own affiliation ("where is X from?")
    tally_only: frozenset[str] = frozenset()  # ... of these authors alone (lowercase; "which
    #                                    authors published at both COLT and ALT?")
    everything: bool = False           # "what topics are covered?": every paper (within filters)
    trend_year: int | None = None      # "what was trending in 2025?": the year of a "trend" tally
    titles: bool = False               # "just the titles": a listing's lines without sentences
    of_author: str = ""                # ``scope``'s papers are of this author (a narrowing of
    #                                    "what did X work on?"): named beside "et al."
    title_words: str = ""              # "papers with X in the title": those whose title names
    #                                    X (PaperIndex.title_matches)

    def judges_nothing(self) -> bool:
        """A judgement between nothing named: "what is the best paper?"."""
        return (self.judged and self.scope is None and not query_terms(self.query)
                and not self.filters.active())


# ---- the reader ---------------------------------------------------------------------------
class QuestionReader:
    """Reads questions against the catalog of ``index``; ``retriever`` finds a paper a question
    names by its title ("papers similar to X")."""

    def __init__(self, retriever: Retriever, index: PaperIndex, *,
                 words: frozenset[str] = frozenset(),
                 today: Callable[[], date] = date.today) -> None:
        """``words``: words of the language, never read as misspellings however rare in the
        corpus ("bread" is no "broad"; the embedder's vocabulary, :meth:`respelled`);
        ``today``: the date "last year" and "this year" count from (:func:`_relative_years`)."""
        self.retriever = retriever
        self.index = index
        self.words = words
        self.today = today

    # -- planning ---------------------------------------------------------------------------
    def plan(self, question: str, conversation: Conversation | None,
             filters: Filters | None) -> Plan:
        """What to search and how to answer (:meth:`_read`), for the question as it is meant:
        names typed in lowercase in capitals (:meth:`_written`: "papers from mit"), a venue and
        year as the catalog names them (:meth:`_venues_written`: "colm'24"), without a
        polite lead (:data:`_POLITE`: "can you find papers on X?"), its misspelled words
        respelled (:meth:`respelled`: "federated lerning"; the answer says so), an interest
        stated as the question it means (:data:`_INTERESTED`: "I'm interested in X. What's
        there?": "Which papers study X?"; :data:`_WHATS_NEW`: "what's new in X?"). A greeting
        or thanks is answered without a search (:meth:`_reply`), a passage given by the
        papers closest to it (:meth:`_passage`); a question after a greeting as the question
        ("hi, what can you do?", "Hello! Which papers study X?"). A run of spaces is read as
        one (a line break as one line break): the patterns' whitespace would otherwise match it
        in quadratically many ways (70 s for 2,000 spaces)."""
        question = re.sub(r"\s{2,}", lambda m: "\n" if "\n" in m.group(0) else " ", question)
        question = _pick_first(question)
        one = next((t for t in reversed(conversation.turns) if len(t.paper_ids) == 1),
                   None) if conversation and _THAT_SESSION.search(question) else None
        if (paper := self._one_paper(one)) and paper.session:  # "that session": the one
            question = _THAT_SESSION.sub(paper.session.split(":")[0], question)  # the last
            # answer on one paper is in (also after "what else is in that session?" listed
            # it); "what else", "which other papers": without that paper
            there = self.plan(question, conversation, filters)
            return _besides(there, paper) if re.search(r"\b(?:else|other)\b", question,
                                                        re.IGNORECASE) else there
        if m := _AND_FROM.search(question):  # "who wrote it and where are they from?"
            first = self.plan(f"{question[:m.start()]}?", conversation, filters)
            if first.fact == "authors":
                return replace(first, fact="authors+affiliations")  # both, of each paper
            if first.reply:  # "who wrote <a title no paper has> and where ...?": none has it
                return first
        question = _GREETED.sub("", question, count=1) or question
        if reply := self._reply(question):
            return Plan("summary", "", Filters(), reply=reply)
        if "titles" in question.lower() and (untitled := _titles_asked(question)):
            return _titles_only(self.plan(untitled, conversation, filters))  # "just the titles"
        question, dated = _relative_years(question, self.today().year)
        question = self._pronoun_named(question, conversation)
        earlier = ""  # the topic of an earlier listing a follow-up narrows
        question, venues_respelled = self._venues_written(self._written(question))
        if plan := self._at_both(question, filters):  # "which authors published at both COLT
            return plan  # and ALT?"
        if conversation and conversation.answered and (m := _WITH_AUTHOR.match(question)) and (
                self._author_named(m.group("who")).name):  # "with Sergey Levine?" after a list
            question = f"Which of them are by {m.group('who')}?"  # (it listed all of his)
        besides: list[str] = []  # "are there any other papers on X?": not the last answer's
        if conversation and (had := conversation.answered) and (m := _ELSE_BY.match(question)) and (
                who := _they_as(m.group("a") or m.group("b"), self._author_lately([had]))) and (
                self._author_named(who).name):  # "what else did he write?": the author's
            question = f"What did {who} work on?"  # other papers (it searched "else"); "they"
            besides = list(had.paper_ids)  # after an answer on an author's papers: that one's
        if conversation and (had := conversation.answered) and _ANY_OTHER.search(question) and (
                not (_of_its_authors(question, had) or _OTHERS.match(question))):  # (not
            # "what other papers has its first author published?", "what about the other
            # ones?"; "any other papers by them?" after one paper)
            question, besides = _ANY_OTHER.sub("", question), list(had.paper_ids)
        if not (conversation and conversation.answered):  # "show me the ones from Stanford",
            question = _ONES_WITHOUT_LIST.sub(r"\g<w> papers", question)  # "which ones are
            # about X?" with no list: papers (it searched "ones")
        if conversation and conversation.answered and (m := _ON_X_AMONG.match(question)):
            question = f"Of those, which are about {m.group('x')}?"  # "show me the papers on X
            # among them" (it searched "X among")
        if conversation and conversation.answered and (m := _WHAT_ARE_THE.match(question)) and (
                re.fullmatch(_ASPECT_WORDS, m.group("x"), re.IGNORECASE)):
            question = f"What are their {m.group('x')}?"  # "what are the limitations?" after
            # a list: its papers' (it searched "limitations" in every paper)
        elif conversation and conversation.answered and (
                (m := _WHAT_BARE.match(question)) or (m := _THE_MAIN_USED.match(question))
                or (m := _WHAT_ARE_THE.match(question))):
            question = f"What {m.group('x')} do they use?"  # "what tools?" after a list: of
            # its papers (it searched "tools" in every paper)
        if conversation and (had := conversation.answered) and len(had.paper_ids) > 1 and not (
                had.like) and (when := _IS_WHEN.match(question)) and not re.match(
                    r"the|paper", when.group("x"), re.IGNORECASE):  # "is it from 2024?" after a
            question = f"Which of them are from {when.group('when')}?"  # list (it summarized
            # them; one paper: its venue and year)
        if (code_asked := _CODE_OF_THEM.match(question)) and conversation and (
                had := conversation.answered) and not besides:  # (not "are there any other
            # papers with code?": those besides) "is there code?" after an answer (it
            question = "Which of them have code?"  # searched "code": another paper's);
            if len(had.paper_ids) == 1 and re.search(  # "does it ...?" of one paper: that
                    r"\b(?:it|its|this|that)\b", code_asked.group(0), re.IGNORECASE):
                conversation = Conversation([had])  # paper (not the list it was picked of)
        elif code_asked and not re.search(r"\b(?:it|its|this|that|they|them|their|these"
                                          r"|those)\b", question, re.IGNORECASE):
            question = "Which papers have code?"  # "is there any code released?" with no
            # answer yet (it summarized the papers naming "code")
        if not (conversation and (had := conversation.answered) and len(
                had.paper_ids) <= _FEW_FOR_IT and _IT_HAVE.match(question)):  # "does it have
            question = _POLITE.sub("", question) or question  # experiments?" after an answer
            # on a paper asks that paper (not the corpus: it searched "experiments")
        question = _PURPOSE.sub("", question)
        if conversation and (m := _OF_THE_TOPIC.match(question)) and (
                at := _of_the_named(conversation, m.group("t"), m.group("list"))) is not None:
            question = f"{question[:m.start('the')]}those{question[m.end():]}"
            turn = conversation.turns[at]
            earlier = turn.topic or turn.within if at < len(conversation.turns) - 1 else ""
            conversation = Conversation(conversation.turns[:at + 1])  # that listing's papers
        if conversation and conversation.listed and (m := _TOP_N.search(question)):
            question = f"{question[:m.start()]}the first {m.group('n')}{question[m.end():]}"
        if conversation and conversation.answered and _THE_KEY_POINTS.match(question):
            question = "Summarize them."  # "summarize the key ideas"
        if conversation and _WHO_ELSE.match(question):  # "who else works on this?"
            if paper := self._one_paper(conversation.last):  # the authors of the neighbours
                return replace(_like(paper, filters), tally="author")  # of the paper the
            if (listed := conversation.listed) is not None:  # last answer was on, or of the
                return _again(listed, filters, recount=True, tally="author")  # list, counted
        if conversation and conversation.topic and (m := _THAT_TOPIC.search(question)) and not (
                len(conversation.turns[-1].paper_ids) == 1 and m.group(0).lower().endswith(
                    ("this", "it"))):  # (after an answer on one paper, "this" is that paper)
            question = f"{question[:m.start()]}on {conversation.topic}{question[m.end():]}"
        if conversation and (listed := conversation.listed) and (
                listed.topic or listed.within) and (
                m := _COMPARE_WITH.match(question)) and (compared := self._compared_with(
                    m.group("y"), listed, conversation.topic)):  # "compare with 2024" after a
            question = compared  # listing
        if conversation and (had := conversation.answered) and (
                m := _ANY_IN_PARTICULAR.match(question)) and any(
                    self.index.coverage(m.group("x")).get(p, 0.0) >= 0.999 for p in had.paper_ids):
            question = f"Which of them are about {m.group('x')}?"  # not "any on X": a search
            # (one where none of them names it: "any papers about diffusion specifically?")
        closest = bool(_MOST_RELEVANT.search(question))
        for pattern, asked in _REWORDED:
            question = pattern.sub(asked, question, count=1)
        summarized = False  # a narrowing summarized ("summarize the 2024 ones")
        if conversation and (m := _SUMMARIZE_THE.match(question)) and (  # (also "give me a
                at := conversation.named(m.group("t"))) is not None:  # summary of ...")
            question = "Summarize them."  # "summarize the theoretical ones": that listing's
            conversation = Conversation(conversation.turns[:at + 1])
        elif conversation and conversation.answered and (
                m := _SUMMARIZE_THE_ONES.match(question)) and not _HOW_SUMMARIZED.search(
                    m.group(0)):  # no listing of them yet: the
            asked = f"are {m.group('t')} ones" if m.group("t") else m.group("v") or m.group("p")
            question, summarized = f"Which of them {asked}?", True  # last one narrowed
        question = _NAMED_DATASET.sub(r"\1", question)
        question = _STATUS_TRACK.sub(lambda m: f"{m.group('s')} papers", question)
        question = _names_joined(question)
        if m := _INTERESTED.match(question):  # "I'm interested in X. What's there?"
            ask, topic = m.group("ask") or "", m.group("x")
            on = _ONES_WORD.sub(f"papers on {topic}", ask, count=1)  # "which ones give Y?"
            question = (f"Which papers study {topic}?" if _GENERIC_ASK.fullmatch(ask) else on
                        if on != ask else f"{ask.rstrip(' ?.!')} on {topic}?")
        question = _WHATS_NEW.sub(r"Which are the latest papers on \g<x>?", question)
        if plan := self._passage(question, filters):
            return plan  # its words as written
        question = _last_asked(question)
        question, respelled = self.respelled(question)
        typed = _without_definitions(question)
        placed, place = _author_placed(typed)
        placed, counted, said, extreme = _authors_counted(placed)
        placed, code, no_code = _code_asked(placed)
        placed, data = _data_asked(placed)
        placed, on_title, title_words = _title_asked(placed)
        if title_words and not self.index.titled():  # "papers with X in the title" where
            return Plan("summary", "", Filters(), reply=prompts.NO_TITLES)  # none has one
        if counted or ((code or data) and not _PER.search(placed)):  # "how many COLT papers
            placed = _HOW_MANY.sub("which", placed)  # have one author?", "how many papers have
            # code?": those listed, under their count (not the count of all COLT papers; "how
            # many papers per year have code?" stays a count by year)
        if (counted or code or data) and (_BARE_WHICH.fullmatch(placed) or (
                code and _DROP_ONES.fullmatch(placed))):  # "which have code?", "how many
            # have no code?", "drop the ones with code":
            placed = ("Which of them?" if conversation and conversation.answered  # of a list
                      else "Which papers?")
        code_said = NO_CODE_SAID if no_code else CODE_SAID
        said = (f"{said} and {code_said.removeprefix('with ')}" if said and code
                else said or (code_said if code else ""))
        said = ", ".join(x for x in (DATA_SAID if data else "", said) if x)
        plan = self._read(self.compounded(placed), conversation, filters)
        if title_words and not (set(query_terms(placed)) - _NO_TOPIC_WORDS
                                or plan.filters.active() or plan.author):  # "show me papers
            plan = self._read(self.compounded(on_title), conversation, filters)  # (which of
            # them have) with X in the title": on X (else "papers on privacy with X in the
            # title": on privacy)
        if counted or code or data:  # "single-author papers (on X)", "papers with more than
            # 20 authors", "NeRF papers with code", "new benchmarks for LLM reasoning"
            plan.author_count, plan.author_extreme = counted, extreme
            plan.with_code, plan.without_code = code and not no_code, no_code
            plan.new_data = data
            plan.also_said = said
            if plan.scope is not None:  # "of those, which have code?": said as the narrowing
                plan.standalone = f"{plan.standalone} ({said})"
            elif plan.standalone == placed:  # as asked, for "what about 2024?" to ask again
                plan.standalone = typed
            if not query_terms(plan.query) and not plan.tally:
                every = plan.scope is None and not plan.filters.active() and not plan.author
                plan = replace(plan, kind="metadata" if plan.scope is None else plan.kind,
                               everything=every, whole_scope=plan.scope is not None,
                               topic=plan.topic if query_terms(plan.topic) else said)
            if plan.picked and plan.scope is not None:  # "which of the first three has code?":
                plan = replace(plan, kind="listing", query="", whole_scope=True,  # those, as
                               topic=said)  # "which of them have code?" (a summary of them
                # said none named the listing's topic)
        if title_words and not plan.reply:  # "papers with X in the title": those whose title
            plan.title_words = title_words  # names it ("N papers by title match “X”"; "...
            plan.also_said = " ".join(x for x in (plan.also_said, TITLE_SAID if plan.topic == (  # with
                title_words) else prompts.render(prompts.TITLE_NAMES, words=title_words)) if x)
            # “art” in the title match “privacy”")
        if place and plan.author:  # "papers where Ann Lee is the first author"
            shown = plan.author_shown or plan.author
            plan.author_place, plan.author_shown = place, f"{shown} as {place} author"
            plan.topic = plan.author_shown if plan.topic == shown else plan.topic
            if plan.scope is None:  # "what about Sergey Levine?" then keeps the place
                plan.standalone = typed
        elif place:  # no author read: the question as it was
            plan = self._read(self.compounded(typed), conversation, filters)
        plan.topic = _as_typed(plan.topic, typed)
        plan.respelled = venues_respelled + respelled + plan.respelled
        plan.dated = dated
        plan.closest = closest and plan.scope is not None and not plan.whole_scope
        plan.earlier = earlier or plan.earlier if plan.scope is not None else ""
        if summarized and plan.scope is not None and not plan.reply:
            plan.kind, plan.narrowed = "summary", True
        if besides and plan.scope is None and not plan.reply:  # (it listed them again)
            plan.skip = (*plan.skip, *besides)
            plan.also_said = ", ".join(x for x in (plan.also_said, prompts.render(
                prompts.BESIDES_LAST, count=len(besides), s="" if len(besides) == 1 else "s"))
                                       if x)
        if plan.scope and conversation and not plan.author:  # "which of them are on Y?"
            plan.of_author = next((t.author for t in reversed(conversation.turns)  # after "what
                                   if set(plan.scope) <= set(t.paper_ids)), "")  # did X work
            # on?": each "Y et al., with X", as the list it narrows (the last holding them)
        if plan.fact in ("when", "status"):  # "is it from 2024?": answered yes or no
            plan.fact_check = plan.fact_check or _fact_check(typed)
        return plan

    def _reply(self, question: str) -> str:
        """What to say to a greeting, thanks or a question about PaperChat itself ("hello",
        "thanks!", "what can you do?"): what it can be asked, with a name of the catalog; ''
        for any other question."""
        if _THANKS.match(question):
            return prompts.THANKS
        if _VAGUE.match(question):
            return prompts.VAGUE
        if not (_GREETING.match(question) or _HELP.match(question)
                or not re.search(r"[^\W_]", question)):  # "?": nothing asked
            return ""
        authors = self.index.author_papers()
        author = max(authors, key=lambda a: (authors[a], a)) if authors else ""
        count = self.index.count()
        return prompts.render(prompts.HELP, count=f"{count:,}", s="" if count == 1 else "s",
                              author=f" \u201cWhat did {neutralize(author)} work on?\u201d," if author
                              else "")

    def _passage(self, question: str, filters: Filters | None) -> Plan | None:
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
        return Plan("listing", text, where, topic=shown, standalone=question, like_text=text)

    def foreign(self, question: str) -> bool:
        """Whether ``question`` reads as written in another language than the papers': of
        three words or more, most neither words of the language (:attr:`words`) nor written by
        a paper ("Welche Arbeiten untersuchen Diffusionsmodelle?")."""
        words = re.findall(r"[^\W\d_]+", fold(question).lower())
        if len(words) < 3 or not self.words:
            return False
        unknown = [w for w in words if w not in self.words]
        if 2 * len(unknown) <= len(words):
            return False
        written = self.index.doc_frequencies(unknown)
        return 2 * sum(not written.get(w) for w in unknown) > len(words)

    def respelled(self, question: str) -> tuple[str, list[tuple[str, str]]]:
        """``question`` with each lowercase word no paper writes replaced by the word the
        papers write that it most likely misspells (:meth:`PaperIndex.respelled`: "federated
        lerning" -> "federated learning"; a hyphenated word's parts too; not a venue's name),
        and the (word, replacement) pairs; first, a word one edit from a word that asks
        (:data:`_ASKING_WORDS`: "wich paprs", "papres") as that word, without a pair, where
        the reader has a vocabulary. A word of the language (:attr:`words`: "bread") is no
        misspelling."""
        venues = {w.lower() for v in self.index.venue_names() for w in v.split()}
        pairs: list[tuple[str, str]] = []

        def asking(m: re.Match[str]) -> str:  # "wich", "paprs": read, not said
            word = m.group(0)
            if not self.words or not is_term(word) or word in self.words or word in venues or (
                    self.index.word_papers(word)):
                return word  # without a vocabulary every rare word ("safe") would be a typo
            close = process.extractOne(word, _ASKING_WORDS, scorer=OSA.distance, score_cutoff=1)
            return close[0] if close else word

        question = re.sub(r"(?<![\w'])[a-z]{4,}(?![\w'])", asking, question)

        def respell(m: re.Match[str]) -> str:
            word = m.group(0)
            new = self.index.respelled(word) if is_term(word) and word not in venues and (
                word not in self.words) else ""
            if new:
                pairs.append((word, new))
            return new or word

        return re.sub(r"(?<![\w'])[a-z]{5,}(?![\w'])", respell, question), pairs

    def compounded(self, question: str) -> str:
        """``question`` with two words joined by "of" or "to" (:data:`_LINKED`) written as one
        hyphenated compound where at least :data:`_COMPOUND_PAPERS` papers write them so
        ("mixture of experts" -> "mixture-of-experts", "chain of thought" ->
        "chain-of-thought"), or where the compound is a synonym-table surface ("sim to real",
        "sequence to sequence"): the topic is then the three words together, as a phrase, not two
        words anywhere in a paper ("a mixture of demonstrations ... human experts"). So too a
        prefix written apart from its word (:data:`_PREFIXED`: "self supervised learning" ->
        "self-supervised learning", not the phrase "supervised learning", which semi-supervised
        papers write)."""
        def join(m: re.Match[str]) -> str:
            first, link, second = m.groups()
            if not (is_term(first.lower()) or is_term(second.lower())):  # "out of distribution"
                return m.group(0)
            compound = f"{first}-{link}-{second}"
            if with_synonyms(compound) in SYNONYMS:  # "sim to real", "sequence to sequence"
                return compound
            joined = f"{first}{link}{second}".lower()
            written = self.index.doc_frequencies([joined])[joined]
            return compound if written >= _COMPOUND_PAPERS else m.group(0)

        def prefix(m: re.Match[str]) -> str:
            first, second = m.groups()
            if not is_term(second.lower()):
                return m.group(0)
            joined = f"{first}{second}".lower()
            written = self.index.doc_frequencies([joined])[joined]
            return f"{first}-{second}" if written >= _COMPOUND_PAPERS else m.group(0)

        return _PREFIXED.sub(prefix, _LINKED.sub(join, question))

    def _read(self, question: str, conversation: Conversation | None,
              filters: Filters | None) -> Plan:
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
        - an order (:data:`_ORDER`: "the most relevant papers", "recent papers": newest first;
          :data:`_NEWEST_LAST`: "..., newest first");
        - "papers similar to X" (:data:`_LIKE`), where a paper is titled X: its neighbours;
        - the asking verb (:data:`_ASKED_VERB`: "which paper introduced DPO?");
        - a share asked for (:data:`_SHARE`: "what fraction of CoRL papers use X?"): which, and
          their share of the papers within the filters;
        - "which is more popular, A or B?" (:data:`_MORE_POPULAR`): "compare A and B";
        - "what problems do papers on X address?" (:data:`_WHAT_DO`): the papers on X;
        - "what are the limitations of X?" (:data:`_ASPECT`): the papers on X, each shown by
          its sentence on that aspect where it has one;
        - a number (:data:`_COUNT`: "give me three papers on X": three written out);
        - authors left out (:data:`_NOT_WITH`: "papers by A but not with B"): the papers
          they wrote are dropped (:attr:`Plan.without_authors`);
        - a topic left out (:data:`_WITHOUT`: "bandits but not regret"), where one is left;
        - citations asked for (:data:`_CITING`: "which papers cite DPO?"): those naming DPO,
          and a first line saying abstracts hold no reference lists;
        - a judgement the abstracts cannot make (:data:`_JUDGE`: "the best paper on X"): the
          listing of what it would judge between.

        :meth:`_plan` then reads "compare A and B" and "A or B" (:func:`_sides`).

        A follow-up picking papers of the last listing by their place (:data:`_PICKED`: "tell
        me more about the first one", "what does paper 3 propose?"; "who wrote the first one?"
        with what the catalog gives of it) is a summary of those; "how many are there?"
        (:data:`_HOW_MANY_LISTED`) lists the papers of the last list again (not of such a
        pick) under their count; "how many are orals?" (:data:`_HOW_MANY_OF`) narrows the last
        answer's papers, "remove the posters" (:data:`_EXCLUDE`, :meth:`_excluded`) leaves some
        out, "who are his co-authors?" (:data:`_COAUTHORS`) counts their authors; "show me
        more" (:data:`_MORE`) writes out the next papers of the last list
        (:attr:`Plan.offset`), or says that all are written out; "sort them by year"
        (:data:`_SORTED`) lists them again newest first, "sort them by title"
        (:data:`_BY_TITLE`) by title.

        After those follow-ups and before the rest, a question about the catalog itself is
        answered from its counts (:meth:`_overview`: "how many papers are there?") and one
        about a paper named by its title with what the catalog gives of it
        (:meth:`_paper_fact`: "who wrote X?"), and one asking what papers are about with
        them counted by topic (:meth:`_topics`: "what topics are covered?")."""
        prev = conversation.last if conversation else None
        listed = conversation.listed if conversation else None
        share_of_last = False  # "what fraction of those use X?": of the last answer's papers
        property_ranked = False  # "which is the most theoretical?": those that are, judged
        if prev and not prev.paper_ids and _CATALOG.match(_STATUS_NOUN.sub(
                r"\1 papers", prev.standalone)) and (
                counted := self._of_counted(question, prev.standalone, filters)):
            return counted  # "how many of them are about X?" after "how many papers does
            # CoRL 2024 have?": of the papers counted (it was a search, or of a list before)
        if prev and not listed and (_LIST_THEM.match(question) or (
                _HOW_MANY_LISTED.match(question) and not re.search(
                    r"\bpapers\b", question, re.IGNORECASE))):  # "list them", "how many are
            return self._read(prev.standalone, None, filters)  # there?" where no answer had
            # papers: the last question again (it searched "quantum chemistry list them"; "how
            # many papers are there?" stays the catalog's count)
        tallied = next((t for t in reversed(conversation.turns) if t.topics or (
            t.counted_by == "area" and t.counted)), None) if conversation else None
        if tallied and (m := _TOPIC_PICKED.match(question)):  # "topic 3": of the last topics
            names = tallied.topics or tallied.counted  # (or areas)
            n = (int(m.group("n")) if m.group("n") else len(names)
                 if m.group("ord").lower() == "last" else _ORDINALS[m.group("ord").lower()] + 1)
            if not 1 <= n <= len(names):
                return Plan("summary", "", Filters(), reply=prompts.render(
                    prompts.NO_SUCH_TOPIC, count=len(names), n=n))
            if not tallied.topics:
                return self._in_area(tallied, names[n - 1], filters)
            return self._on_topic(tallied, names[n - 1], filters)  # among the papers counted
        if prev and prev.topics and (picked := _picked(question, prev.topics)) and len(
                picked[0]) == 1 and not query_terms(picked[1]):  # "papers on the first one"
            return self._on_topic(prev, picked[0][0], filters)  # after topics counted
        if prev and prev.counted and (picked := _picked(question, prev.counted) or _named_of(
                question, prev.counted)) and len(picked[0]) == 1:  # "what did the first one
            # work on?" after authors counted, "show me the MIT ones" after institutions:
            name = picked[0][0]  # that author's papers counted (not the first paper)
            if prev.counted_by == "area":  # "tell me about the second one": that area's
                return self._in_area(prev, name, filters)
            if query_terms(_WROTE.sub(" ", picked[1])):  # "which papers on X did the second
                # one write?"
                return self.plan(_PICKED.sub(name, question, count=1), None, filters)
            return self._plan(f"Of those, which are {PICKED_FROM[prev.counted_by]} {name}?",
                              Conversation([prev]), filters)
        if prev and not prev.paper_ids and not prev.counted and _SHARE_OF_LAST.match(question):
            return Plan("summary", "", Filters(), reply=prompts.SHARE_OF_NOTHING)  # "what
            # fraction is that?" after a refusal (it searched "fraction"; after a count of the
            # catalog: _of_counted, above)
        if prev and prev.paper_ids and (m := _SHARE_OF_LAST.match(question)):  # "what
            total, count = self.index.count(), len(prev.paper_ids)  # percentage of all papers
            # is that?": of the last answer's, and of the answer before where it narrowed that
            # one; "... of all X papers": of an earlier answer's on X, or of those naming X
            turns = conversation.turns if conversation else []
            if (topic := " ".join((m.group("x") or m.group("on") or m.group("x2")
                                   or m.group("on2") or "").split())) and (
                    of_topic := self._share_of_topic(prev, topic, turns)):
                return of_topic
            earlier = turns[-2].paper_ids if len(turns) > 1 else []
            narrowed = count < len(earlier) and set(prev.paper_ids) <= set(earlier)
            said = {"count": f"{count:,}", "total": f"{total:,}",
                    "pct": f"{100 * count / max(total, 1):.1f}"}
            if narrowed:
                said |= {"before": f"{len(earlier):,}",
                         "before_pct": f"{100 * count / len(earlier):.1f}"}
            return Plan("summary", "", Filters(), reply=prompts.render(
                prompts.SHARE_OF_BEFORE if narrowed else prompts.SHARE_OF_ALL, **said))
        if prev and len(prev.sides) == 2 and _BOTH.match(question):  # after "compare A and B"
            return self.plan(f"Which papers study {prev.sides[0][0]} and {prev.sides[1][0]}?",
                             None, filters)
        if conversation and _BOTH.match(question) and len(last_two := list(dict.fromkeys(
                t.topic for t in reversed(conversation.turns) if t.topic))[:2]) == 2:
            return self.plan(f"Which papers study {last_two[1]} and {last_two[0]}?", None,
                             filters)  # "which papers study both?": the last two topics
        better = _WHICH_BETTER.match(question)  # "which is better?" after "compare A and B"
        if prev and prev.sides and (better or _WHICH_MORE.match(question)):  # "which is more
            # popular?"
            ranked = sorted(prev.sides, key=lambda side: -side[1])
            return Plan("summary", "", Filters(), reply=prompts.render(
                prompts.WHICH_BETTER if better else prompts.MORE_PAPERS, counts=", ".join(
                    f"\u201c{neutralize(side)}\u201d {n:,}" for side, n in ranked)))
        export = _export_asked(question)
        if export and prev and prev.picked and prev.paper_ids and re.search(
                r"\b(?:it|this|that)\b", question, re.IGNORECASE):  # "how do I cite it?" after
            listed = prev  # "tell me more about the second one": that paper
        if export and listed and listed.paper_ids:  # "export them as BibTeX", "... as CSV",
            picked = _picked(question, listed.paper_ids)  # "give me the links": the list's
            # papers, those picked, or those of a part ("bibtex for the oral ones": it
            # exported every paper of the list)
            if not picked and (part := _EXPORT_PART.search(question)):
                words = part.group("w") or part.group("x") or part.group("s")[:-1]  # ("oral")
                narrowing = self._narrowing(words, listed, filters)
                narrowing.export = export
                return narrowing
            ids = picked[0] if picked else listed.paper_ids
            got = self.index.get(ids)
            return Plan("summary", "", Filters(), reply=exported(
                export, [got[p] for p in ids if p in got],
                "picked from the last list" if picked else "of the last list"))
        if not listed and (picked := _picked(question, [""] * 100)) and (not query_terms(
                picked[1]) or _fact_asked(question)):  # "tell me more about the second one",
            # "who wrote the second one?" with no list yet
            return Plan("summary", "", Filters(), reply=prompts.NO_LIST_TO_PICK)
        if listed and (beyond := _picked(question, [str(i) for i in range(1000)])) and any(
                len(listed.paper_ids) <= int(p) < 990 for p in beyond[0]) and (  # a place past
                not (within := (_picked(question, listed.paper_ids) or ([], ""))[0])  # the list
                or not any(m.group("n") for m in _PICKED.finditer(question))) and (  # (from
                within or not query_terms(beyond[1]) or _fact_asked(question)):  # 990: "the
            # last"); "who wrote the second one?" after a list of one, "compare the first and
            # the third" after two (not the first alone); "the first ten" of three: the three
            count = len(listed.paper_ids)
            return Plan("summary", "", Filters(), reply=prompts.render(
                prompts.PICK_BEYOND, count=count, s="" if count == 1 else "s",
                to="" if count == 1 else f" to {count}") if count else prompts.NO_LIST_TO_PICK)
        if listed and (picked := _picked(question, listed.paper_ids)):
            ids, rest = picked  # "tell me more about the first one": a summary of it
            if len(ids) == 1 and _MORE_LIKE.fullmatch(rest) and (
                    paper := self.index.get(ids).get(ids[0])):
                return _like(paper, filters)  # "more like the first one": its neighbours
            asked = _fact_asked(question)  # "who wrote the first one?": its authors
            if not asked and prev and prev.picked and prev.fact and _BARE_PICK.fullmatch(rest):
                return replace(_on_papers(listed, ids, filters, fact=prev.fact),  # "and the
                               fact_check=prev.fact_check)  # second one?" after "is the first
                # one from 2024?": that asked of it (it summarized the paper)
            return _on_papers(listed, ids, filters, fact=asked[0] if asked else "", words=rest)
        if _DIFFER_THEM.match(question) and (
                paper := self._one_paper(_them_of(question, conversation))):
            return Plan("summary", "", Filters(), reply=prompts.render(  # after a narrowing
                prompts.ONE_TO_COMPARE, title=neutralize(paper.title or paper.label)))  # left
            # one paper: nothing to set it against (it summarized it as if compared)
        if prev and (m := _AND_AUTHOR.match(question)) and (was := _AUTHOR_ELSE.match(
                prev.question)) and (at := next((g for g in ("place", "at", "all", "all2",
                                                          "they", "them") if was.group(g)),
                                                "")):  # "and the last author?" after "what
            # else did its first author (its authors, they) write?": the same of that one (it
            # searched "last author")
            place = (m.group("place") if at in ("place", "at") else f"{m.group('place')} author"
                     if at.startswith("all") else f"its {m.group('place')} author")
            question = prev.question[:was.start(at)] + place + prev.question[was.end(at):]
        if (m := _AUTHOR_ELSE.match(question)) and (paper := self._one_paper(next((
                t for t in reversed(conversation.turns if conversation else []) if not (
                    _AUTHOR_ELSE.match(t.question) or _AND_AUTHOR.match(t.question))), None))) and (
                paper.authors):  # (the paper "its first author" is of: the last answer's, or
            # the one before those asking for its authors' papers; it was the list of their
            # papers, or a refusal)
            if (m.group("they") or m.group("them")) and (
                    name := self._author_lately([conversation.answered] if conversation
                                                and conversation.answered else [])):
                return _besides(self.plan(f"What did {name} work on?", None, filters), paper)
                # ("any other papers by them?" after an author's one paper: theirs, as "what
                # else did they write?")
            if not (place := (m.group("place") or m.group("at") or "").lower()):
                return _besides(self._any_author(paper.authors, filters), paper)  # "what
                # else did its authors write?": the papers any of them wrote
            first = place in ("first", "lead")  # "what else did its first author write?":
            return _besides(self.plan(  # that author's other papers
                f"What did {paper.authors[0 if first else -1]} work on?", None, filters), paper)
        if prev and prev.paper_ids and _AUTHORS_FROM.match(question):
            if len(prev.paper_ids) == 1 or prev.picked:  # "which institutions are the authors
                return _on_papers(prev, prev.paper_ids, filters, fact="affiliations")  # from?"
            return _again(prev, filters, recount=True, tally="affiliation")  # of a list: counted
        if prev and prev.paper_ids and _BARE_AUTHORS.match(question):  # "who are the
            # authors?", "how many authors does it have?": of the last answer's paper(s) (it
            # listed the papers on "authors")
            question = f"Who are the authors of {'it' if len(prev.paper_ids) == 1 else 'them'}?"
        if prev and (asked := _fact_asked(question)) and (m := _IT.fullmatch(asked[1])):
            # "who wrote it?": the paper the last answer was on (the papers it picked, for
            # "them"; each of a few it was on: "summarize the papers on X", "who made it?");
            # after "find similar papers", the paper they are like
            many = m.group("many") is not None
            one = ([prev.like] if prev.like and not many else [])
            scope = (list(prev.paper_ids) if prev.paper_ids and (prev.picked or (
                not many and (len(prev.paper_ids) == 1 or not prev.like and len(
                    prev.paper_ids) <= _FEW_FOR_IT))) else one)
            if scope:
                return _on_papers(prev, scope, filters, fact=asked[0])
            # "who are their authors?": the papers again, with all the authors of each; after
            # "find similar papers", those like the paper again (in its order, with its header)
            if many and asked[0] == "authors" and prev.paper_ids and not _COAUTHORS.match(
                    question):
                if prev.like and (paper := self.index.get([prev.like]).get(prev.like)):
                    title = paper.title or paper.label
                    return Plan("listing", title, filters or Filters(), topic=title,
                                standalone=prev.standalone, like=prev.like)
                return _again(prev, filters, recount=True)  # (not "24 papers of the 24 ...
                # match <every word of the questions before>")
        if prev and len(prev.paper_ids) == 1 and _ABOUT_IT.match(question):  # "what is it
            # about?": more of that paper, as "tell me more about the first one" (it drew the
            # sentence closest to the last question's words)
            return _on_papers(prev, prev.paper_ids, filters)
        if _LIKE_IT.match(question):
            if paper := self._one_paper(prev):  # "papers similar to it?": the neighbours of
                return _like(paper, filters)  # the paper the last answer was on
            count = len(listed.paper_ids) if listed else 0  # ... after several, or none:
            return Plan("summary", "", Filters(), reply=prompts.render(  # which one (it
                prompts.LIKE_WHICH, count=count, s="" if count == 1 else "s") if count  # searched
                else prompts.LIKE_WHAT)  # "like", "find papers"); picked from the last list
        if listed and (m := _OF_PICKED.match(question)) and (
                picked := _picked(m.group("which"), listed.paper_ids)) and not picked[1]:
            of_picked = self.plan(_of_those(m), Conversation([replace(  # "which of the first
                listed, paper_ids=picked[0])]), filters)  # five are spotlights?": of those five
            of_picked.picked = True  # (it searched "first five")
            return of_picked
        if listed and conversation and (m := _OF_THE_ONES.match(question)) and (
                part_by := self._filter_named(m.group("w"), Filters())):  # "which of the
            allowed = set(self.index.filter_ids(**vars(part_by[0])) or [])  # 2025 ones are
            if not (ids := [p for p in listed.paper_ids if p in allowed]):  # orals?": of those
                return self._narrowing(m.group("w"), listed, filters)  # of the list shown (it
            part_turn = replace(listed, paper_ids=ids,  # searched "ones" among all 2025 orals;
                                standalone=f"{listed.standalone} ({part_by[1]})")  # none: said)
            of_part = self.plan(_of_those(m), Conversation([part_turn]), filters)
            of_part.part = (f"that are {part_by[1]}" if part_by[0].status
                            else f"from {part_by[1]}")
            if listed is not conversation.turns[-1]:  # (after a pick: the list before it)
                of_part.earlier = listed.topic or listed.within  # "the earlier answer's"
            return of_part
        if listed and (at_m := _AUTHORS_AT.match(question)) and (
                at_by := self._filter_named(at_m.group("x") or at_m.group("y"), Filters())) and (
                    at_by[0].affiliation):  # "who are the Stanford authors among them?": theirs
            return _again(listed, replace(filters or Filters(),  # counted (it searched
                                          affiliation=at_by[0].affiliation),  # "Stanford")
                          tally="author")
        if listed and listed.paper_ids and conversation and _CHANGED_THEM.match(question):
            grown = listed  # "how has this changed since 2024?": the list's topics by
            if listed.by_filters and (before := _narrowed_from(conversation, listed)):  # growth,
                grown = before  # of the list a narrowing to a year narrowed (it searched
            return _again(grown, filters, recount=True, tally="trend")  # "changed")
        if listed and listed.paper_ids and (m := _TALLY_LAST.match(question)):  # "how many
            by = next(w for w in m.groups() if w).lower()  # per year?": the last list counted
            return _again(listed, filters, recount=True, tally=_TALLIED_AS.get(by, by))
        if listed and listed.paper_ids and (_HOW_MANY_LISTED.match(question)
                                            or _LIST_THEM.match(question)
                                            or _EACH_SUMMARY.match(question)):
            return _again(listed, filters, recount=True)  # "how many are there?", "list them",
            # "summarize each of them" (it summarized 4; it searched "one-line", "one sentence")
        if conversation and (had := conversation.answered) and _COAUTHORS.match(question):
            of_author = re.search(r"\b(?:he|she|his|her)\b", question, re.IGNORECASE) and not (
                re.search(r"\b(?:them|those|these|it)\b", question, re.IGNORECASE))  # (not
            # "who did he write them (it) with?": the list's, the paper's)
            if of_author and had.within and (before := _narrowed_from(conversation, had)) and (
                    self._author_named(before.standalone).name):  # "who did he work with
                counted = self._coauthors_of(before, filters)  # most?" after a narrowing of an
                counted.earlier = _name_of(before)  # author's list: the author's, not the
                return counted  # narrowing's
            if of_author and (_COAUTHORS.match(had.question) or _ELSE_BY.match(had.question)) and (
                    name := self._author_lately(conversation.turns[-3:])) and set(
                        self.index.filter_ids(author=name) or ()) - set(had.paper_ids):
                return self.plan(f"Who co-authors most often with {name}?", None, filters)  # (of
                # all the author's papers right after "who did she write them with?" on a
                # narrowing, or "what else did she write?": it counted that answer's alone)
            return self._coauthors_of(had, filters)  # "who are his co-authors?": theirs
        if prev and prev.paper_ids:  # follow-ups on the last answer's papers
            if m := _HOW_MANY_THEY.match(question):  # "how many problems do they contain?":
                question = (f"What {m.group('x')} {m.group('aux')} {m.group('who')} "  # what
                            f"{m.group('rest')}")  # they say of it (a narrowing to papers
                # naming "problems contain": none)
            if (m := _HOW_MANY_OF.match(question)) and not _OF_THEM.search(question) and (
                    _IN_TOTAL.search(m.group("rest"))
                    or re.match(r"(?:about|on)\s", m.group("rest"), re.IGNORECASE)):
                # "how many are from UC Berkeley in total?", "and how many about X?": the
                # catalog's count
                question = f"How many papers {_IN_TOTAL.sub('', m.group('rest')).strip()}"
            elif (m := _HOW_MANY_OF.match(question)) and (_OF_THEM.search(question) or not (
                    _PAPERS_WORD.search(m.group("rest")) or _OWN_SUBJECT.search(m.group(
                        "rest")) or self._venue_counted(m.group("rest"))
                    or self._other_status(m.group("rest"), prev) and not re.match(
                        r"(?:are|were|is)\b", m.group("rest"), re.IGNORECASE))):  # "how many
                # are orals?": of those, also where none of them could be (not "how many COLT
                # 2024 papers study X?", "how many CoRL 2025 orals are there?", "how many
                # spotlights are there?" after the orals: a question of its own)
                question = f"Of those, which {m.group('rest')}"
            elif (m := _SHARE.match(question)) and (
                    m := _SHARE_OF_THEM.fullmatch(m.group("rest"))):  # "what fraction of
                question, share_of_last = f"Of those, which {m.group('rest')}", True  # those
                # use X?": those, and their share of the last answer's
            elif m := _MOST_PROPERTY.match(question):  # "which is the most theoretical?": a
                question, property_ranked = f"Of those, which are {m.group('x')}?", True  # a
                # judgement, and those that are so (it said to name a topic)
            elif (m := _SUPERLATIVE.match(question)) and (plain_word := self._unsuperlative(
                    m.group("w"))):  # "which one is the simplest?": as "the most simple" (it
                question, property_ranked = f"Of those, which are {plain_word}?", True  # found
                # none naming "simplest")
            elif m := _HAS_MOST.match(question):  # "which one has the strongest guarantees?":
                question, property_ranked = f"Of those, which have {m.group('x')}?", True  # a
                # judgement, and those naming them (it narrowed to "strongest guarantees")
            elif m := _EXCLUDE.match(question):  # "remove the posters", "exclude X"
                if _DROP_ONES.fullmatch(question) and conversation and (
                        others := _the_rest(conversation, prev, filters)):
                    return others  # "drop those" after a narrowing: the rest of the list it
                    # narrowed (it searched "those")
                if plan := self._excluded(m.group("x"), prev, filters or Filters()):
                    return plan
                question = f"Of those, which are not about {m.group('x')}?"
            elif m := _ANY_AMONG.match(question):  # "any orals among them?": of those
                question = f"Of those, which are {m.group('x') or m.group('s') or m.group('o')}?"
            elif m := _TALLY_THEM.match(question):  # "which institutions are they from?"
                return _again(prev, filters, recount=True,
                              tally=next(k for k, v in m.groupdict().items() if v))
        if conversation and (m := _BACK_TO.match(question)) and (place := _list_named(
                conversation, m.group("t") or m.group("u"))) is not None:  # "go back to the
            back = conversation.turns[place]  # fairness papers", "... to the first list"
            return _again(back, filters, recount=True, earlier=back.topic or back.within)
        if listed and conversation and (m := _COMPARE_ONES.match(question)) and re.search(
                r"\bones\b", question, re.IGNORECASE) and (
                compared := self._compared_ones(m.group("a"), m.group("b"), listed,
                                                conversation, filters)):
            return compared  # "compare the graph ones and the image ones" (it compared the
            # papers naming "the graph ones" of every paper with those naming "the image ones")
        if listed and conversation and (m := _SIBLING_ONES.match(question)) and (
                sibling := m.group("w")) and (
                    query_terms(sibling) or self._filter_named(sibling, Filters())):
            return self._sibling(sibling, listed, conversation, filters)  # "what about the
            # language ones?", "and the 2025 ones?" (it searched "the language ones", "2025
            # ones? (2024")
        if conversation and (last := conversation.last) and last.within and not (
                last.by_filters) and _WHICH_DONT.match(question):  # "and which don't?"
            if not last.paper_ids:  # after "which use X?" found none: all of them
                question = f"Of those, which are not about {last.within}?"
            elif others := _the_rest(conversation, last, filters):  # the rest of the list
                return others
        if listed and conversation and (m := _OTHERS_THEN.match(question)) and (
                others := _the_rest(conversation, listed, filters)) and others.scope:
            of_rest = self._read(m.group("q"), Conversation([*conversation.turns, Turn(  # "what
                question, others.standalone, others.scope, "")]), filters)  # about the others,
            if of_rest.scope is not None:  # what do they use?": of the rest (it searched
                of_rest.earlier, of_rest.part = others.earlier, "left out"  # "remaining ones
            return of_rest  # use"), named so ("The earlier answer's 14 papers on X left out")
        if listed and conversation and (_OTHERS.match(question) or _MORE.match(question) and (
                listed.shown >= len(listed.paper_ids)) and re.search(
                    r"\b(?:rest|others|remaining)\b", question, re.IGNORECASE)) and (
                others := _the_rest(conversation, listed, filters)):
            return others  # "what about the others?", "and the rest?" (all of it written out)
            # after a narrowing: what it left out of the list it narrowed
        if _MORE.match(question):  # "show me more"
            if not (listed and listed.paper_ids):
                return Plan("summary", "", Filters(), reply=prompts.NO_LIST)
            if listed.shown >= len(listed.paper_ids):
                count = len(listed.paper_ids)
                return Plan("summary", "", Filters(), reply=prompts.NO_MORE_ONE if count == 1
                            else prompts.render(prompts.NO_MORE, count=count, s="s"))
            return _again(listed, filters, offset=listed.shown, titles=listed.titles)  # (of
            # "just the titles": titles again)
        if listed and listed.paper_ids and _BY_RELEVANCE.match(question):  # "rank them by
            # relevance": in the order of the listing, before any sort of it by year or title
            return _again(next((t for t in reversed(conversation.turns) if set(t.paper_ids) == set(
                listed.paper_ids) and not (_SORTED.match(t.question) or _BY_TITLE.match(
                    t.question))), listed) if conversation else listed, filters, recount=True)
        if listed and listed.paper_ids and _SORTED.match(question):  # "sort them by year"
            return _again(listed, filters, newest_first=True)
        if (m := _LATEST_OF.match(question)) and (years := [  # "which one is the most
                p.year for p in self.index.get(listed.paper_ids).values() if p.year]  # recent?":
                if listed and listed.paper_ids else sorted(self.index.years())):  # of the list's
            year = min(years) if m.group("old") else max(years)  # year; with no list, of the
            if listed and len(set(years)) == 1 and len(years) == len(listed.paper_ids) > 1:
                return Plan("summary", "", Filters(), reply=prompts.render(  # all of one year:
                    prompts.ONE_YEAR, count=len(years), year=year))  # said so (it listed all)
            return self._plan(f"Of those, which are from {year}?" if listed  # catalog's ("which
                              else f"Which papers are from {year}?",  # is the oldest paper?")
                              Conversation([listed]) if listed else None, filters)
        if listed and listed.paper_ids and _LATEST_OF.match(question):  # ... where its papers
            return Plan("summary", "", Filters(), reply=prompts.NO_YEARS)  # give no years (it
            # narrowed the list to papers naming "recent")
        if listed and listed.paper_ids and _BY_TITLE.match(question):  # "sort them by title"
            return _again(listed, filters, by_title=True)
        if not listed and _HOW_MANY_BARE.match(question):  # "how many are there?" with no
            question = "How many papers are there?"  # list: the catalog's count
        if not listed and (m := _LIST_THEM.match(question)) and re.search(
                r"\b(?:them|they|those|these|their)\b", m.group(0), re.IGNORECASE):
            return Plan("summary", "", Filters(), reply=prompts.NO_LIST_YET)  # "list them"
            # with no list before (it searched "list them")
        if _LIST_ALL.match(question) or not listed and _LIST_THEM.match(question):  # "list
            # all papers", "show me everything" (searched); "list all", "give me the full
            # list" with no list before: the catalog's
            return Plan("metadata", "", filters or Filters(), standalone=question,
                        everything=True)
        if overview := self._overview(question, filters):  # "how many papers are there?"
            return Plan("summary", "", Filters(), reply=overview, standalone=question)
        if fact := self._paper_fact(question):  # "who wrote X?", "when was X published?"
            return fact
        if (m := _PAPER_SAYS.match(question)) and (paper := self._paper_titled(m.group(
                "p")) or self._paper_called(m.group("p"))):  # "what does the DPO paper say
            return Plan("summary", m.group("y"), Filters(), scope=[paper.paper_id],  # about
                        topic=paper.title or paper.label, standalone=question,  # stability?":
                        whole_scope=True)  # that paper on it (it searched "DPO stability")
        if (m := _QUOTED_TITLE.search(question)) and len(m.group("t").split()) >= 3 and (
                not self._paper_titled(m.group("t"), near := self._near(m.group("t")))):
            return self._not_indexed(m.group("t").strip(), near)  # "who wrote 'Attention Is
            # All You Need'?": none is
        if paper := self._title_alone(question):  # a title pasted, or "tell me about X"
            return Plan("summary", paper.title or paper.label, Filters(),
                        scope=[paper.paper_id], topic=paper.title or paper.label,
                        standalone=question, whole_scope=True)
        if m := _IN_INDEX.match(question):  # "Is Yoshua Bengio in the index?": the papers
            author = self._author_named(m.group("x"))  # by them; "is federated learning in
            question = (f"What did {m.group('x')} work on?" if author.name and not (  # the
                author.many or author.misspelled) and plain(author.words) == plain(  # corpus?"
                    m.group("x")) else f"Which papers study {m.group('x')}?")  # the papers on it
        if m := _IS_INDEXED.match(question):  # "is there a paper called X?"
            title = (m.group("x") or m.group("y") or m.group("z") or m.group("w")).strip()
            if paper := self._paper_titled(title, near := self._near(title)):
                return Plan("summary", paper.title or paper.label, Filters(),
                            scope=[paper.paper_id], topic=paper.title or paper.label,
                            standalone=question, whole_scope=True, fact="indexed")
            if not m.group("z") or m.group("paper") or len(title.split()) >= 4:
                return self._not_indexed(title, near)
            # "is 'federated learning' in the corpus?": a topic, asked as any other
        if topics := self._topics(question, prev, filters):  # "what topics are covered?"
            return topics
        if conversation and prev and prev.paper_ids and prev.within and not prev.by_filters and (
                m := _WHAT_ABOUT.match(question)) and (x := m.group("x") or m.group("y")) and (
                query_terms(x)) and not (self._filter_named(x, Filters()) or self._author_named(
                    x).name or _PRONOUN.search(x) or re.match(r"(?:the\s+)?ones?\b", x)):
            return self._sibling(x, prev, conversation, filters)  # "and images?" after "which
            # of them are about graphs?": of the list, on images (it asked "which papers study
            # images?" of every paper)
        # "what about X?": the last question on X; after a question on the papers of the turn
        # before ("what do they propose?": some of those papers), that turn's
        before = prev
        if (conversation and prev and prev.paper_ids and len(conversation.turns) >= 2
                and _PRONOUN.search(prev.question)
                and set(prev.paper_ids) <= set(conversation.turns[-2].paper_ids)):
            before = conversation.turns[-2]
        if before and (alone := self._what_about(question, before.standalone)) and not (
                _SHOW_STATUS.match(question) and (len(before.paper_ids) < 2 or before.counted_by
                                                  or before.picked)):  # ("show me the orals"
            # after a list: its orals; after "who wrote DPO?" or a tally, the catalog's)
            plan = self.plan(alone, None, filters)
            if before.counted_by and not (plan.tally or plan.reply or plan.scope is not None):
                plan.tally = before.counted_by  # "and at UAI?" after "which institutions have
            return plan  # the most CoRL papers?": counted alike (it listed the UAI papers)
        if bare := self._bare_institution(question):  # "Tsinghua University": its papers
            question = f"Which papers are from {bare}?"
        if at := self._people_at(question):  # "who are the Stanford authors?"
            question = at
        tally = ""
        if (m := _AUTHOR_WHERE.match(question)) and (who := next(x for x in m.groups() if x)) and (
                self._author_named(f"papers by {who}").name):  # "where is X from?": the
            # institutions X gives on X's papers, counted (X's own, where each author's is given)
            plan = self._plan(f"What did {who} work on?", conversation, filters)
            plan.tally, plan.tally_own = "affiliation", True
            return plan
        if (m := _AUTHOR_VENUES.match(question)) and self._author_named(
                f"papers by {m.group('a') or m.group('b')}").name:  # "which conferences does
            # X publish at?", "where does X publish most?"
            plan = self._plan(f"What did {m.group('a') or m.group('b')} work on?", conversation,
                              filters)
            plan.tally = "year" if (m.group("what") or "").lower().startswith("year") else "venue"
            return plan  # X's papers, counted by venue (it searched "conferences publish")
        if (m := _COAUTHORS_OF.match(question)) and (  # an author's: not "who works with GNNs?"
                (who := self._author_named(f"papers by {next(x for x in m.groups() if x)}"))
                .name or who.many):  # "who co-authors most with X?": X's papers, counted
            question, tally = f"What did {next(x for x in m.groups() if x)} work on?", "coauthor"
        elif (m := _TALLY.search(question)) and (not m.group("per") or _HOW_MANY.search(question)):
            tally = next(k.rstrip("2345") for k, v in m.groupdict().items() if v and k != "per")
            question = (f"{question[:m.start()]}{question[m.end():]}" if m.group("per")
                        else f"Which papers {question[m.end():].strip()}")
            rest, where, named = self._named_filters(question, filters or Filters())
            if not query_terms(_HOW_MANY.sub(" ", rest)):  # "who published the most papers
                # (at COLT)?", "how many papers are in each session?": all
                return Plan("metadata", "", where, topic=named, standalone=question,
                            everything=True, tally=tally)
        question = _WHO_WORD.sub("Who", question)  # "which authors work on X?"
        question = _WHO_WROTE.sub(r"\1", question)  # "who wrote papers on X?"
        question = _WHICH_VENUES.sub("Which", question)  # "which venues have papers on X?"
        question = _STATUS_NOUN.sub(r"\1 papers", question)  # "which orals study X?"
        question = as_from(question)  # "Which MIT papers ...", "What did MIT publish on X?"
        if not _WHAT_DID.match(question):  # "what has COLT published on X?": _FILTER_DID
            absent = self.index.match_session(question)[1]  # "not being presented": a
            absent = absent if absent.lower().startswith("not") else ""  # session's name
            question = _APPEARED.sub(lambda m: m.group(0) if absent and m.group(0).strip() in absent
                                     else "", question)  # "which papers on X came out in 2025?"
        newest = any(m.group(2) for m in _ORDER.finditer(question)) or bool(
            _NEWEST_LAST.search(question))  # "recent papers on X", "papers on X, newest first"
        question = " ".join(_ORDER.sub(" ", _NEWEST_LAST.sub("", question)).split())
        if newest:  # "recent ones on privacy": papers (it summarized "ones on privacy")
            question = re.sub(r"^((?:(?:show|list|find|give|get)\s+(?:me\s+|us\s+)?)?(?:the\s+|some\s+"
                              r"|any\s+)?)ones\b", r"\1papers", question, flags=re.IGNORECASE)
        by_title = bool(_TITLE_LAST.search(question))  # "..., sorted by title"
        question = _TITLE_LAST.sub("", question)
        if m := _LIKE.search(question):
            if paper := self._paper_titled(m.group("title")) or self._paper_called(
                    m.group("title")):  # ("the DPO paper"), among a venue's, a year's
                _, where, _ = self._named_filters(question[:m.start()], filters or Filters())
                return Plan("listing", paper.title or paper.label, where,
                             topic=paper.title or paper.label, standalone=question,
                             like=paper.paper_id)
            # no such title: papers on those words ("similar to zeroth-order methods")
            question = f"{question[:m.start()]} on {m.group('title')}?"
        question = _ACT_OR_ACT.sub(" on ", question)  # "to detect or reduce X": on X
        question = _ASKED_VERB.sub(r"\1", question)
        share = bool(m := _SHARE.match(question))
        share_of = None  # "... are orals", "... are from COLT": of the papers without it
        if m:  # "what fraction of CoRL papers use X?": which, and their share
            question = f"Which {m.group('rest')}"
            if (predicate := _PREDICATE.search(m.group("rest"))) and (
                    of := self._filter_named(predicate.group("pred"), Filters())):
                share_of = of[0]
        if m := _MORE_POPULAR.match(question):  # "which is more popular at CoRL, A or B?"
            question = f"Compare {m.group('a')} and {m.group('b')}{m.group('where')}"
        aspect = ""
        if (m := _DATA_USED.match(question)) or (m := _MOST_USED.match(question)) and (
                re.search(r"\bmost\b", question, re.IGNORECASE)) and (
                    m.group("for") or m.group("who") or prev and prev.paper_ids):  # "which
            # datasets do they evaluate on?", "what benchmarks do papers on X use?", "what
            # datasets are commonly used for X?", "what's the most common dataset among them?"
            used_by = _SIDE_LEAD.sub("", m.group("who") or m.group("for") or "them")
            question = ("Summarize them." if _PRONOUN.fullmatch(used_by) or _IT.fullmatch(used_by)
                        or re.fullmatch(r"(?:these|those|the)\s+(?:papers|ones)", used_by)
                        else f"Summarize the papers on {used_by}.")
            aspect = m.group("aspect") + ("s" if m.re is _MOST_USED and not m.group(
                "aspect").lower().endswith("s") else "")  # ("the most common dataset")
        if m := _WHAT_DO.search(question):  # "what problems do papers on X address?"
            question = f"Summarize the papers on {m.group('topic')}."
        elif m := _PAPERS_SAY.match(question):  # "what are COLM 2025 papers saying about X?"
            question = f"Summarize the {m.group('who')} on {m.group('topic')}."  # (it searched
            # "saying X")
        question = _PEOPLE_DOING.sub("Summarize the papers on ", question)  # "what are people
        # doing with X?"
        if m := _ASPECT.search(question):  # "what are the limitations of X?"
            question, aspect = f"Summarize the papers on {m.group('topic')}.", m.group("aspect")
        elif prev and (m := _THEIR_ASPECT.match(question)):  # "what are their limitations?"
            question, aspect = "Summarize them.", m.group("aspect")
        limit = None
        if m := _COUNT.search(question):  # "give me three papers on X": three written out
            word = m.group(1).lower()
            limit = max(1, min(int(word) if word.isdigit() else _NUMBERS[word], 20))
            question = question[:m.start()] + question[m.end():]
        question, exclude, excluded = self._not_filtered(question)
        question, left_out = self._authors_left_out(question)  # "papers by A but not with B"
        if left_out and conversation and conversation.answered and not query_terms(
                re.sub(r"\bones?\b", " ", question, flags=re.IGNORECASE)):
            question = "Which of them?"  # "which are not by A?", "the ones not by A": of the
            # last answer's papers (it refused "which?"; it searched "ones" in the index)
        without = ""
        if not left_out and (m := _WITHOUT.search(question)) and query_terms(m.group("x")) and not (
                re.search(r"\bavoid", m.group(0), re.IGNORECASE) and not (
                    prev and _NARROW.search(question))):  # ("avoid X" leaves X out of a list
            # only: "papers on LLMs that avoid hallucination" name it, "papers that avoid
            # backpropagation" are a topic, as written)
            if conversation and (had := conversation.answered) and re.fullmatch(
                    r"\s*(?:(?:and|so)\s+)?(?:(?:are|is)\s+there\s+)?any(?:\s+ones?)?\s*",
                    question[:m.start()], re.IGNORECASE):  # "are there any that don't use a
                return self._narrowed_without(m.group("x").strip(), conversation, had,  # sim?"
                                              filters or Filters())  # (it searched "are there
                # any?")
            if not (query_terms(question[:m.start()]) or (prev and _NARROW.search(question))):
                # "which papers don't use deep learning?": nothing named to list
                return Plan("listing", "", filters or Filters(), standalone=question,
                             without=m.group("x").strip(), only_left_out=True)
            # "which papers study bandits but not regret?", "of those, which are not on regret?"
            question, without = question[:m.start()] + "?", m.group("x").strip()
        question = " ".join(_SHOULD_READ.sub(" ", question).split())  # "should I cite?"
        citing = bool(_CITING.search(question)) and bool(_LISTING.search(question))
        if citing:  # "which papers cite DPO?": those naming it
            question = " ".join(_CITING.sub(" ", question).split())
        judged = bool(_JUDGE.search(question)) or property_ranked
        if judged:
            question = " ".join(_JUDGE.sub(lambda j: f" {j.group('mid') or ''} papers ",
                                           question).split())
        institution, dropped = self._unmatchable_institution(question)
        if dropped:  # "papers from Stanford on X" where no paper gives affiliations: on X
            question = " ".join(question.replace(dropped, " ", 1).split())
        plan = self._plan(question, conversation, filters)
        plan.judged, plan.newest_first, plan.limit = judged, newest, limit
        plan.by_title = plan.by_title or by_title
        plan.without = without or plan.without  # (or a narrowing's: "which are not X?")
        plan.aspect, plan.share = aspect, share or share_of_last
        if left_out:  # "papers by A but not with B": named so in the first line
            plan.without_authors = left_out
            apart = f" without {' or '.join(left_out)}"
            shown = plan.author_shown or plan.author
            if plan.author:
                plan.author_shown = shown + apart
            if plan.topic == shown or not plan.author:
                plan.topic = (plan.topic + apart).strip()
        if share and share_of is not None:  # the same filters, less what the question asks of
            plan.share_base = replace(plan.filters, **{   # them
                k: v for k, v in vars(Filters()).items() if getattr(share_of, k) != v})
        if tally:  # "who are the most prolific authors on X?": the papers on X, counted
            plan.tally = tally
            plan.kind = "listing" if plan.kind == "summary" else plan.kind
        plan.citing = citing
        if exclude is not None and not plan.without:  # "bandit papers not at COLT"
            plan.exclude, plan.without = exclude, excluded
            if plan.scope is None and not query_terms(plan.query):  # "which papers are not
                plan.kind, plan.everything = "metadata", True  # orals?": all the others
                plan.also_said = " ".join(x for x in (plan.also_said, f"other than {excluded}") if x)
        plan.no_affiliations, plan.institution_dropped = institution, bool(dropped)
        if (judged or without or exclude is not None or (left_out and not plan.author)) and (
                plan.scope is not None and not query_terms(plan.query)):  # (also "which ones
            # are not from 2023?", "which are not by A?")
            plan.whole_scope = True  # "of those, which is the best?": all of them
            last = conversation.answered if conversation else None  # (not a refusal after it)
            plan.topic = (last.topic or (conversation.topic if conversation and (
                last.scoped or last.within) else "") or shown_topic(_topic(last.standalone))
                if last else plan.topic)  # (a narrowing's, or a summary's of a list: the
            # list's topic; it quoted "graph neural networks molecules spotlights differ")
            if left_out:  # "which are not by A?": "X without A"
                plan.topic = f"{plan.topic} without {' or '.join(left_out)}".strip()
        return plan

    def _not_filtered(self, question: str) -> tuple[str, Filters | None, str]:
        """A venue, year, status or institution the question leaves out (:data:`_NOT_AT`:
        "bandit papers not at COLT", "outside AISTATS", "that are not posters", "non-poster
        papers"): the question without it, the filter of the papers to leave out and what it
        names ("COLT", "posters"); the question as it is, None and '' where it leaves none
        out."""
        if m := _NON_STATUS.search(question):
            named = self._filter_named(f"{m.group('s')}s", Filters())
            if named:
                return question[:m.start()] + question[m.end():], *named
        for m in _NOT_AT.finditer(question):
            words = m.group("x").split()
            for n in range(len(words), 0, -1):  # "not at COLT 2024 on bandits": "COLT 2024"
                if named := self._filter_named(" ".join(words[:n]), Filters()):
                    end = m.start("x") + len(" ".join(words[:n]))
                    lead = question[:m.start()] or (  # "which are not orals?": of the last
                        "Which ones" if m.group(0).lstrip(" ,").lower().startswith("which")
                        else "")  # list (the question was "?")
                    return lead + question[end:], *named
        return question, None, ""

    def _paper_fact(self, question: str) -> Plan | None:
        """Where a question asks for the authors, venue and year, status, abstract or
        affiliations of a paper it names by its title (:data:`_PAPER_FACT`: "Who wrote Direct
        Preference Optimization?", "When was X published?", :data:`_IS_STATUS`: "Is X an
        oral?"), that paper and what to tell of it; None where no paper is so titled."""
        asked = _fact_asked(question)
        if not asked:
            return None
        # "the Q-Transformer paper": "Q-Transformer", where no title is "The Q-Transformer"
        bare = re.sub(r"^the\s+|\s+paper$", "", asked[1], flags=re.IGNORECASE)
        names = [asked[1], *([bare] if bare != asked[1] else []),
                 # an acronym alone ("Was DPO an oral?"): as "the DPO paper"
                 *([f"the {bare} paper"] if re.fullmatch(r"[\w.-]+", bare)
                   and sum(c.isupper() for c in bare) >= 2 else [])]
        near = self._near(asked[1])
        if not (paper := next((p for name in names if (
                p := self._paper_titled(name, near if name == asked[1] else None)
                or self._paper_called(name))), None)):
            if _TITLE_LIKE.fullmatch(asked[1].strip()):  # "who wrote Diffusion Policy:
                return self._not_indexed(asked[1].strip(), near)  # Visuomotor ...?": none is
            # "the Llama 2 paper": a name no title has, that papers use (or none writes),
            # not the one paper writing it ("the Read and Reward paper": its abstract's)
            if bare != asked[1] and re.fullmatch(r"the\s+.+\s+paper", asked[1], re.IGNORECASE) and (
                    len(bare.split()) <= 3 and re.search(r"[A-Z0-9]", bare)
                    and self.index.doc_frequencies([bare])[bare] != 1):
                return Plan("summary", "", Filters(), reply=prompts.render(
                    prompts.NOT_INDEXED, title=neutralize(bare)))
            return None
        return Plan("summary", paper.title or paper.label, Filters(), scope=[paper.paper_id],
                    topic=paper.title or paper.label, standalone=question, whole_scope=True,
                    fact=asked[0])

    def _at_both(self, question: str, filters: Filters | None) -> Plan | None:
        """The papers at either of two venues (or years) by the authors who have papers at
        both (:data:`_AT_BOTH`: "which authors published at both COLT and ALT?"), counted by
        those authors alone; None where the question asks no such thing or names no filter
        on either side (a topic: "who published at both bandits and RL?")."""
        if not (m := _AT_BOTH.match(question)):
            return None
        sides = [n for g in "ab" if (n := self._filter_named(m.group(g), Filters()))]
        if len(sides) < 2:
            return None
        (first, _), (second, said) = sides
        if first.venue and second.has_years() and not (second.venue or second.status):
            sides[1] = (replace(second, venue=first.venue), said)  # "COLT 2024 and 2025":
            # COLT's papers of 2025 (not every paper of 2025)
        ui = vars(filters or Filters())  # the sidebar's filters where a side sets none
        ids = [set(self.index.filter_ids(**{k: v or ui[k] for k, v in vars(where).items()}) or [])
               for where, _ in sides]
        if empty := [side for side, held in zip(sides, ids, strict=True) if not held]:
            return Plan("metadata", "", empty[0][0], topic=empty[0][1], standalone=question)
            # "... COLT and ICML?": the catalog's venues (it read "ICML" as a word to find)
        papers = self.index.get(sorted(ids[0] | ids[1]))
        both = set.intersection(*({a.lower() for i in side for a in papers[i].authors}
                                  for side in ids))
        said = " and ".join(named for _, named in sides)
        if not both:
            return Plan("summary", "", Filters(), reply=prompts.render(prompts.AT_BOTH_NONE,
                                                                       sides=neutralize(said)))
        return Plan("listing", "", Filters(), scope=[i for i in papers if any(
            a.lower() in both for a in papers[i].authors)], whole_scope=True, topic=said,
                    standalone=question, tally="author", tally_only=frozenset(both))

    def _excluded(self, words: str, prev: Turn, filters: Filters) -> Plan | None:
        """The last answer's papers less those of the venue, years, status or institution
        ``words`` name ("remove the posters", "drop those from 2023") or the authors they
        name (:data:`_AUTHORS_OUT`: "drop the ones by Kaiyi Ji"); None where they name a
        topic ("exclude the ones on images": read as "which are not about images?")."""
        if not (named := self._filter_named(words, Filters())):
            if (m := _AUTHORS_OUT.fullmatch(words.strip())) and (names := self._names_of(
                    m.group("who"), bool(m.group("by") or m.group("own")), words)):
                apart = f"without {' or '.join(names)}"  # "drop the ones by A"
                plan = _again(prev, filters, without_authors=names)
                return replace(plan, topic=f"{plan.topic} {apart}".strip(),
                               standalone=f"{prev.standalone} ({apart})")
            return None
        where, said = named
        return replace(_again(prev, filters), without=said, exclude=where,
                       standalone=f"{prev.standalone} (not {said})")

    def _filter_named(self, words: str, filters: Filters) -> tuple[Filters, str] | None:
        """``words`` read as a filter alone ("orals", "UAI", "MIT", "from 2023": as "oral
        papers", "UAI papers", "papers from MIT", :meth:`_named_filters`): ``filters`` with it
        and what it names ("orals", "authors at MIT"); None where they name a topic too or
        nothing to filter on."""
        words = _STATUS_NOUN.sub(r"\1 papers", words)
        words = as_from(words if _PAPERS_WORD.search(words) else f"{words} papers")
        rest, where, named = self._named_filters(words, filters)
        if not named or query_terms(_PAPERS_WORD.sub(" ", rest)):
            return None
        return where, named

    def _not_indexed(self, title: str, near: list[Paper]) -> Plan:
        """The reply that no paper is titled ``title``, naming the closest title where one of
        the papers ``near`` it is nearly it (:func:`_nearly_titled`: "Tree of Thought: ...
        with LLMs" for "Tree of Thoughts: ... with Large Language Models")."""
        close = next((p for p in near if _nearly_titled(p.title or p.label, title)), None)
        if close:
            return Plan("summary", "", Filters(), reply=prompts.render(
                prompts.NOT_INDEXED_CLOSE, title=neutralize(title),
                close=neutralize(close.title or close.label)))
        return Plan("summary", "", Filters(), reply=prompts.render(
            prompts.NOT_INDEXED, title=neutralize(title)))

    def _title_alone(self, question: str) -> Paper | None:
        """The paper whose title (four words or more; three asked about and written as the
        title is) ``question`` is, pasted alone or asked about (:data:`_ABOUT`: "tell me
        about X", "summarize X", "what is X about?"); None
        where it is no title, or asks otherwise ("which papers ...?"). A title's words had been
        searched as a topic (14 papers for the DPO paper's title)."""
        m = _ABOUT.match(question)
        asked = m.group("t") if m else ""
        asks = _ASKS.match(question.strip()) or question.rstrip().endswith("?")
        words = len(plain(asked).split())
        if words < 3 or (asks and not (m and m.group("frame"))):
            return None
        paper = self._paper_titled(asked)
        if words < 4 and (not paper or asked.strip(" ?.!\"'\u201c\u201d") not in (
                paper.title, paper.title.split(":")[0]) or not (m and m.group("frame"))):
            return None  # a short title only asked about as written: "tell me about
            # Equivariant Diffusion Policy", "what is Direct Preference Optimization about?"
            # (the DPO paper's name), not "diffusion models"
        return paper

    def _any_author(self, authors: Sequence[str], filters: Filters | None) -> Plan:
        """The papers any of ``authors`` wrote ("what else did its authors write?"), named
        so: "by Ann Lee, Bo Chen or Cy Diaz", "by any of its 9 authors" (more than three)."""
        plan = self.plan(f"What did {authors[0]} work on?", None, filters)
        if len(authors) == 1:
            return plan
        either = " or ".join(authors)
        named = and_list(authors, "or")
        shown = named if len(authors) <= 3 else f"any of its {len(authors)} authors"
        return replace(plan, filters=replace(plan.filters, author=either), author=either,
                       author_shown=shown, topic=shown, standalone=f"What did {named} work on?")

    def _one_paper(self, turn: Turn | None) -> Paper | None:
        """The paper ``turn`` was on, where it was on one ("who wrote it?"); else None."""
        if not turn or len(turn.paper_ids) != 1:
            return None
        return self.index.get(turn.paper_ids).get(turn.paper_ids[0])

    def _venue_counted(self, words: str) -> bool:
        """Whether ``words`` after "how many" count a venue's or a year's papers in the whole
        catalog: they name one and "are there" ("CoRL 2025 orals are there")."""
        if not re.search(r"\b(?:are|were)\s+there\b", words, re.IGNORECASE):
            return False
        named = self._named_filters(words, Filters())[1]
        return bool(named.venue or named.year or named.since or named.until or named.year_in)

    def _on_topic(self, turn: Turn, topic: str, filters: Filters | None) -> Plan:
        """The papers of ``turn`` (a tally by topic) on one of its ``topic``s ("topic 2")."""
        return self._plan(f"Of those, which are on {topic}?", Conversation([turn]), filters)

    def _in_area(self, turn: Turn, area: str, filters: Filters | None) -> Plan:
        """The papers of ``turn`` (a tally by area) that it counted under ``area`` ("topic 2",
        "the second one"): those whose area is it or one of its sub-areas."""
        papers = self.index.get(turn.paper_ids)
        ids = [pid for pid in turn.paper_ids
               if pid in papers and area_of(papers[pid]) == area]
        return Plan("listing", "", filters or Filters(), scope=ids, topic=area,
                    whole_scope=True, standalone=f"{turn.standalone} ({area})",
                    scope_of=len(turn.paper_ids))

    def _other_status(self, words: str, prev: Turn) -> bool:
        """Whether ``words`` after "how many" name a status none of the last answer's papers
        has, where all have one ("spotlights are there" after a list of orals: none could
        be)."""
        status = self._named_filters(_STATUS_NOUN.sub(r"\1 papers", words), Filters())[1].status
        held = {p.status.lower() for p in self.index.get(prev.paper_ids).values()}
        return bool(status) and len(held) == 1 and "" not in held and status.lower() not in held

    def _paper_called(self, words: str) -> Paper | None:
        """The paper "the X paper" names (:meth:`_paper_titled`): titled X ("the QLoRA paper":
        "QLoRA: ..."), or titled what the corpus spells the acronym X out as ("the DPO paper":
        "Direct Preference Optimization: ..."); None where none is."""
        if not (m := re.fullmatch(r"(?:the\s+)?(?P<name>[\w.-]+)\s+paper", words, re.IGNORECASE)):
            return None
        name = m.group("name")
        return self._paper_titled(name) or next(
            (p for long in self.index.acronyms().get(name.lower(), [])[:3]
             if (p := self._paper_titled(long))), None)

    def _unsuperlative(self, word: str) -> str:
        """The word a superlative is of, as two papers or more write it ("simplest": "simple",
        "fastest": "fast", "easiest": "easy", "thinnest": "thin"); '' where none is (words of
        three letters are not counted: "hottest")."""
        stem = word.lower()[:-3]
        for plain_word in (stem[:-1] + "y" if stem.endswith("i") else "", stem + "e", stem,
                           stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else ""):
            if plain_word and self.index.word_papers(plain_word):
                return plain_word
        return ""

    def _filter_sides(self, question: str, filters: Filters) -> Plan | None:
        """One topic compared across the venues, years, statuses or institutions each side
        names (:data:`_COMPARE`: "Compare UAI and AISTATS papers on causal inference", "oral
        vs poster papers on diffusion models", "2023 and 2025 papers on LLM agents"): a
        summary of each side's papers on it (:attr:`Plan.side_filters`); None where a side
        names a topic of its own, or nothing to filter on, or no topic follows."""
        m = _COMPARE.search(question)
        if not m:
            return None
        first, last = (x for x in m.groups() if x)
        parts = [x.strip() for x in [*first.split(","), *re.split(r",|\s+and\s+", last)]
                 if x.strip()]
        if len(parts) < 2:
            return None
        if q := _QUALIFIER.search(parts[-1]):
            topic = re.sub(r"^\s*(?:for|in|on|under)\s+", "", q.group(0))
            parts[-1] = parts[-1][:q.start()]
        elif split := self._topic_first(parts[0], filters):
            topic, parts[0] = split  # "papers on X: AISTATS 2023 vs AISTATS 2025"
            topic = shown_topic(topic)  # "which humanoid papers were there in 2024 vs 2025?"
        else:
            return None
        sides: list[str] = []
        wheres: list[Filters] = []
        for part in parts:
            if not (side := self._filter_named(part, filters)):
                return None  # "compare LoRA and prefix tuning for X": topics, not filters
            where, named = side
            if wheres and wheres[-1].venue and not where.venue and where.years() and not (
                    where.status or where.affiliation):  # "AISTATS 2023 and 2025": AISTATS 2025
                where = replace(where, venue=wheres[-1].venue)
                named = scope_named(where)
            # "UAI papers", "orals", "papers with authors at MIT", "COLT papers with authors ..."
            named = (f"papers with {named}" if named.startswith("authors at") else named
                     if where.status or where.affiliation else f"{named} papers")
            sides.append(f"{named} on {topic}")
            wheres.append(where)
        if not query_terms(topic) or len({str(w) for w in wheres}) < len(wheres):
            return None
        return Plan("summary", topic, filters, topic=" vs ".join(sides), standalone=question,
                    sides=tuple(sides), side_filters=tuple(wheres))

    def _topic_first(self, part: str, filters: Filters) -> tuple[str, str] | None:
        """The topic and the filter of a comparison's first side that names its topic first
        (:data:`_TOPIC_FIRST`: "papers on X: AISTATS 2023", "X papers at COLT", "X in
        orals"): (the topic, the filter's words); None where no split leaves a filter alone."""
        for m in _TOPIC_FIRST.finditer(part):
            topic = _SIDE_LEAD.sub("", part[:m.start()]).strip()
            topic = re.sub(r"\s+(?:papers?|works?)$", "", topic, flags=re.IGNORECASE)
            if query_terms(topic) and self._filter_named(part[m.end():], filters):
                return topic, part[m.end():]
        return None

    def _overview(self, question: str, filters: Filters | None) -> str:
        """What the catalog holds, where the question asks that and names no topic
        (:data:`_CATALOG`: "how many papers are there?", "which venues are in the corpus?",
        "how many COLT 2024 papers are indexed?"): the count of its papers (within the venue,
        years, status or institution it names), then each venue's, by year; '' otherwise."""
        question = _STATUS_NOUN.sub(r"\1 papers", question)  # "how many orals are there?"
        if not _CATALOG.match(question):
            return ""
        rest, where, _ = self._named_filters(question, filters or Filters())
        if query_terms(_CATALOG_WORDS.sub(" ", rest)) and not re.match(_DISTRIBUTION, question,
                                                                      re.IGNORECASE):
            return ""  # "how many papers study bandits?": a topic
        counts = self.index.venue_years(self.index.filter_ids(**vars(where)))
        total = sum(counts.values())
        if not total and where.active():  # "how many ICLR papers are there?": none, and what
            return (f"The index holds no {neutralize(held_papers(where, 0).removeprefix('0 '))}."
                    f"\n{self._overview('How many papers are there?', None)}")  # it holds
        venues: dict[str, dict[int | None, int]] = {}
        for (venue, year), n in sorted(counts.items(), key=lambda kv: (
                kv[0][0] == "", kv[0][0], kv[0][1] or 0)):  # a venue's years in order
            venues.setdefault(venue, {})[year] = n
        years = sorted({y for _, y in counts if y is not None})
        what = held_papers(where, total)  # "3 COLT 2024 papers", "1 oral from 2025"
        span = (f" from {years[0]} to {years[-1]}" if len(years) > 1 and not where.has_years()
                else "")
        several = len(venues) > 1 or len(years) > 1
        lines = [f"The index holds {neutralize(what)}{span}{':' if several else '.'}"]
        for venue, by_year in venues.items() if several else ():
            n = sum(by_year.values())
            when = " \u00b7 ".join(f"{y}: {k:,}" if len(by_year) > 1 else str(y)
                                  for y, k in by_year.items() if y is not None)
            lines.append(f"- {neutralize(venue) or 'No venue given'}: {n:,} paper"
                         f"{'' if n == 1 else 's'}{f' ({when})' if when else ''}")
        return "\n".join(lines)

    def _sibling(self, words: str, listed: Turn, conversation: Conversation,
                 filters: Filters | None) -> Plan:
        """The papers of ``listed``'s list on ``words`` (a topic, or a venue, year or status):
        of the list itself, or, where ``listed`` narrowed one ("the vision ones") or a
        summary of such a narrowing's papers followed it, of that list
        (:func:`_before_narrowing`)."""
        base = _before_narrowing(conversation, listed)
        plan = self._narrowing(words, base, filters)
        if base is not conversation.turns[-1] and plan.scope is not None:
            plan.earlier = base.topic or base.within  # "the earlier answer's"
        return plan

    def _narrowing(self, words: str, listed: Turn, filters: Filters | None) -> Plan:
        """The papers of ``listed`` on ``words``: a topic, or a venue, year or status alone
        ("the oral ones", "2024")."""
        by = self._filter_named(words, Filters())
        ask = (f"are about {words}" if by is None else f"are {words} papers" if by[0].status
               else f"are from {words}")
        return self.plan(f"Of those, which {ask}?", Conversation([listed]), filters)

    def _compared_ones(self, first: str, second: str, listed: Turn, conversation: Conversation,
                       filters: Filters | None) -> Plan | None:
        """The comparison of two parts of ``listed``'s list (of the list it narrowed or
        compared where it narrowed or compared one, as :meth:`_sibling`): its papers on
        ``first`` and on ``second``, or at the venue, year or status each names ("the 2024
        ones and the 2025 ones"); None where one side names a filter and the other a topic,
        or either nothing."""
        base = (_narrowed_from(conversation, listed) if re.search(  # (after such a
            r"\(compare [^()]*\)$", listed.standalone) else None) or _before_narrowing(
                conversation, listed)  # comparison, of the list it compared)
        filters = filters or Filters()
        by = [self._filter_named(side, filters) for side in (first, second)]
        if by[0] and by[1]:
            plan = Plan("summary", "", filters, whole_scope=True,
                        sides=(by[0][1], by[1][1]), side_filters=(by[0][0], by[1][0]))
        elif not by[0] and not by[1] and query_terms(first) and query_terms(second):
            plan = Plan("summary", f"{first} {second}", filters, sides=(first, second))
        else:
            return None
        plan.scope = list(base.paper_ids)
        plan.topic = " vs ".join(plan.sides)
        plan.standalone = f"{base.standalone} (compare {first} and {second})"
        if base is not conversation.turns[-1]:
            plan.earlier = base.topic or base.within  # "the earlier answer's"
        return plan

    def _compared_with(self, other: str, listed: Turn, earlier: str = "") -> str:
        """The comparison "compare with ``other``" asks after ``listed``, a listing on a topic
        ('' where it names none): its topic at the venue, year, status or institution the
        listing named and at ``other`` ("Compare 2025 and 2024 papers on LLM reasoning"), or
        its topic and ``other`` ("compare them to diffusion models"). A narrowing's topic is that of the
        listing it narrowed (``earlier``) about the words it narrowed by ("bandits about
        regret"; a narrowing by filters is named by them)."""
        _, where, named = self._named_filters(listed.standalone, Filters())
        within = "" if listed.by_filters else listed.within
        topic = listed.topic or (f"{earlier} about {within}" if earlier and within
                                 else earlier or within)
        if not query_terms(topic):  # a narrowing by filters of a list of no topic ("which are
            return ""  # orals?" after "which papers are from COLT?": it compared "on")
        if by := self._filter_named(other, Filters()):
            if where.affiliation and by[0].affiliation:  # "compare them with Berkeley" after
                held = scope_named(replace(where, affiliation=""))  # Stanford's: each side at
                held = held if re.search(r"(?:papers|s)$", held) else f"{held} papers"  # its
                return " and ".join(f"{held} from {at}".strip()  # institution, in the listing's
                                    for at in (where.affiliation, other)).join(  # venue, years
                    ("Compare ", f" on {topic}"))  # and status (it compared "authors at papers")
            return (f"Compare {named} and {other} papers on {topic}" if named
                    else f"Which papers on {topic} are from {other}?")
        return f"Compare {topic} and {other}"

    def _of_counted(self, question: str, counted: str, filters: Filters | None) -> Plan | None:
        """A follow-up on the papers a count of the catalog counted (``counted``: "how many
        papers does CoRL 2024 have?"), the count giving no list: "how many of them are about
        X?", "which of those are orals?" of the CoRL 2024 papers; "list them" lists them;
        "what fraction is that?" gives their share of the index. None for any other question."""
        _, where, named = self._named_filters(_STATUS_NOUN.sub(r"\1 papers", counted),
                                              filters or Filters())
        papers = (f"the {named}" if re.search(rf"\b(?:papers|(?:{STATUS_WORDS})s)\b", named,
                                              re.IGNORECASE)  # "the CoRL orals"
                  else f"the {named} papers" if named else "the papers")
        if _LIST_THEM.match(question):  # (before "of them": "show me all of them again")
            return Plan("metadata", "", where, topic=named, standalone=f"List {papers}.",
                        everything=not where.active())
        if _OF_THEM.search(question):
            return self._read(_OF_THEM.sub(f"of {papers}", question), None, filters)
        if _SHARE_OF_LAST.match(question):  # (it searched "fraction")
            total = self.index.count()
            count = len(self.index.filter_ids(**vars(where)) or []) if where.active() else total
            return Plan("summary", "", Filters(), reply=prompts.render(
                prompts.SHARE_OF_HELD, papers=held_papers(where, count), total=f"{total:,}",
                pct=f"{100 * count / max(total, 1):.1f}"))
        return None

    def _topics(self, question: str, prev: Turn | None, filters: Filters | None) -> Plan | None:
        """What papers are about, where the question asks that (:data:`_TOPICS`): every paper
        (within the venue, years, status or institution it names: "What are the main themes
        of NeurIPS 2023?"), the papers on a topic it names ("the main topics of the papers on
        diffusion"), or the last answer's ("what topics do they cover?"), each counted by
        topic (``tally``: by area where the papers give areas, :meth:`Answerer.ask`); None
        where it does not ask that."""
        if not (m := _TOPICS.match(question)):
            return None
        rest = m.group("rest")
        if prev and prev.paper_ids and _THEM_ALL.match(rest):  # "what topics do they cover?"
            return _again(prev, filters, tally="topic")
        trend = bool(_TRENDING.search(question) or _COMPARED_YEARS.search(rest))  # "the most
        if trend:  # popular topics in 2025 compared to 2023", "trending in 2025 vs 2023": against
            rest = _COMPARED_YEARS.sub(" ", rest)  # the years before it, as any trend
        rest, where, named = self._named_filters(_STATUS_NOUN.sub(r"\1 papers", rest),
                                                 filters or Filters())  # "of the orals"
        rest = " ".join(_TOPIC_FILLER.sub(" ", rest).split()).strip(" ?.!,;:")
        if prev and prev.paper_ids and not where.active() and not query_terms(rest) and (
                re.search(r"\bsub-?(?:topics|fields|areas|themes|directions)\b", question,
                          re.IGNORECASE)):  # "which subtopics are growing?" after a list: its
            return _again(prev, filters, tally="trend" if trend else "topic")  # (every paper's)
        late = None
        if trend:  # "trending in 2025": 2025 and before
            late, where = where.year, replace(where, year=None)
            named = scope_named(where)
        if query_terms(rest):  # "what are the main topics of the papers on diffusion?"
            plan = self._plan(f"Which papers are on {rest}?", None, where)
            if plan.kind == "summary":
                plan.kind = "listing"
        else:
            plan = Plan("metadata", "", where, topic=named, standalone=question,
                        everything=True)
        plan.tally, plan.trend_year = "trend" if trend else "topic", late
        return plan

    def _share_of_topic(self, last: Turn, topic: str, turns: Sequence[Turn]) -> Plan | None:
        """The share the last answer's papers are of those on ``topic`` ("what percentage of
        all federated learning papers is that?"): of an earlier answer's where one listed
        papers on it, of those a venue, year, status or institution selects ("... of all COLT
        papers"), else of the indexed papers naming it (every term); None where ``topic`` only
        names the index ("of the whole corpus")."""
        at = Conversation(list(turns)).named(topic)
        on = f"\u201c{neutralize(topic)}\u201d"
        if at is not None and at < len(turns) - 1:
            base, papers = list(turns[at].paper_ids), f"papers on {on} of an earlier answer"
        elif by := self._filter_named(topic, Filters()):
            base = self.index.filter_ids(**vars(by[0])) or []
            papers = held_papers(by[0], len(base)).split(" ", 1)[1]
        elif not query_terms(_INDEX_WORDS.sub(" ", topic)):
            return None
        else:
            base = [p for p, c in self.index.coverage(topic).items() if c >= 0.999]
            papers = f"indexed papers naming {on}"
        if not base:
            return Plan("summary", "", Filters(), reply=prompts.render(
                prompts.SHARE_OF_NONE, papers=papers.removeprefix("indexed "),
                count=f"{len(last.paper_ids):,}"))
        inside, count, total = len(set(last.paper_ids) & set(base)), len(last.paper_ids), \
            self.index.count()
        said = {"count": f"{count:,}", "base": f"{len(base):,}", "papers": papers,
                "pct": f"{100 * inside / max(len(base), 1):.1f}", "total": f"{total:,}",
                "all_pct": f"{100 * count / max(total, 1):.1f}"}
        return Plan("summary", "", Filters(), reply=prompts.render(
            prompts.SHARE_OF_TOPIC, **said) if inside == count else prompts.render(
                prompts.SHARE_OF_TOPIC_PART, **said, inside=f"{inside:,}"))

    def _coauthors_of(self, turn: Turn, filters: Filters | None) -> Plan:
        """The authors of ``turn``'s papers, counted ("who are his co-authors?"), less the author
        it was asked of where every paper is theirs ("what did Kaiyi Ji work on?": not Kaiyi Ji,
        also where that is one paper, or each has no other author)."""
        plan = _again(turn, filters, recount=True, tally="coauthor")
        who = self._author_named(turn.standalone)
        names = author_names(who.name)
        if who.name and not who.many and all(
                by_any(p, names) for p in self.index.get(turn.paper_ids).values()):
            plan.author = who.name
        return plan

    @staticmethod
    def _narrowed_without(words: str, conversation: Conversation | None, of: Turn,
                          filters: Filters) -> Plan:
        """"Which ones are not Bayesian?": the papers of the last answer (``of``) less those
        naming ``words``; right after a narrowing to them ("which are Bayesian?"), of the list
        it narrowed: the rest of it."""
        earlier = ""
        if conversation and plain(of.within) == plain(words) and (
                before := _narrowed_from(conversation, of)):
            of = before
            earlier = _name_of(before)
        return Plan("listing", "", filters, scope=list(of.paper_ids), whole_scope=True,
                    topic=of.topic or shown_topic(_topic(of.standalone)), without=words,
                    standalone=f"{of.standalone} (not {words})", earlier=earlier)

    def _plan(self, question: str, conversation: Conversation | None,
              filters: Filters | None) -> Plan:
        filters = filters or Filters()
        prev = conversation.last if conversation else None
        of = _them_of(question, conversation)  # "which ones use X?"
        if of and _NARROW.search(question):
            rest = _NARROW.sub("", question).strip(" ?,.")
            rest = re.sub(rf"\b({STATUS_WORDS})\s+ones\b", r"\1 papers", rest,
                          flags=re.IGNORECASE)  # "only the spotlight ones"
            if did := _NARROW_DID.match(rest):  # "which of them did Levine write (with Finn)?"
                rest = f"by {did.group('who')}{did.group('rest')}"
            if (neg := _ARE_NOT.match(rest)) and query_terms(neg.group("x")):
                return self._narrowed_without(neg.group("x"), conversation, of, filters)
            if (inv := _INVOLVING.match(re.sub(r"^(?:which|what)\s+(?:ones?\s+)?", "", rest,
                                               flags=re.IGNORECASE))) and (
                    inst := self._filter_named(inv.group("x"), Filters())) and (
                        inst[0].affiliation):
                rest = f"from {inv.group('x')}"  # "which of them also involve Google?" (it
                # narrowed to papers naming "involve Google")
            rest = re.sub(rf"^(?:(?:which|what)\s+(?:ones?\s+)?)?(?:{_NARROW_VERB}\b)?\s*", "", rest,
                          flags=re.IGNORECASE)  # ("which ones are [not from 2023]?": none)
            rest, filters, named = self._named_filters(rest, filters)
            rest = " ".join(re.sub(r"\bones?\b", " ", rest, flags=re.IGNORECASE).split())  # "the
            coauthors: tuple[str, ...] = ()  # 2024 ones": no topic "ones"
            if not filters.author and (author := self._author_named(rest)).name:
                rest = " ".join(re.sub(rf"(?:\bby\s+)?{re.escape(author.words)}(?:['\u2019]s\b)?",
                                       " ", rest, flags=re.IGNORECASE).split())
                rest, name, coauthors = (self._other_authors(rest, author.name) if not (
                    author.many or author.misspelled) else (rest, author.name, ()))
                rest = " ".join(_AUTHOR_WORDS.sub(" ", rest).split())  # "with B", "together"
                filters = replace(filters, author=name)  # "which are by X?"
                named = " ".join(filter(None, (named, f"by {and_list([name, *coauthors])}")))
            every = bool(named) and not query_terms(rest)  # "which of them are from 2025?"
            sides, either = _either(rest)  # "of those, which use A or B?"
            return Plan("listing", rest, filters, scope=list(of.paper_ids),
                         topic=either or (named if every else shown_topic(rest)),
                         standalone=f"{of.standalone} ({named if every else rest})"
                         if rest or named else of.standalone, whole_scope=every,
                         sides=sides, author=filters.author, coauthors=coauthors)
        query = _HOW_MANY.sub("which", question)  # "many" is no topic word
        if query != question:  # "how many papers are on X in total?": no topic words either
            query = re.sub(rf"{_IN_TOTAL.pattern}(?=[\s?.!]*$)", "", query, flags=re.IGNORECASE)
        follow_up = bool(prev and (_PRONOUN.search(question) or _THIS_PAPER.search(
            question))) and not (  # ("is that paper theoretical?": it searched every paper)
            (own := _OWN_PRONOUN.match(question)) and query_terms(own.group("topic"))
            and not _PRONOUN.search(own.group("topic")))
        if prev and follow_up:  # "what lower bounds do they prove?": of the last answer
            # with papers (after "which of these mention X?" found none, "summarize them" is
            # not on X)
            had = _them_of(question, conversation)
            query = f"{_topic((had or prev).standalone)} {question}"
        standalone = query
        if not follow_up and (across := self._filter_sides(query, filters)):
            return across  # "compare UAI and AISTATS papers on X": X at each
        query, filters, named = self._named_filters(query, filters)
        kind: Kind = "listing" if _LISTING.search(question) else "summary"
        if named and (did := _FILTER_DID.match(query)):  # "What did COLT 2023 publish on X?"
            rest = query[did.end():].strip()
            query, kind = f"Which papers on {rest}" if query_terms(rest) else "Which papers?", (
                "listing")
        name, words, many, misspelled = self._author_named(query)
        if not (name or many or follow_up or filters.author) and (
                m := _WORKED_ON.match(query.strip(" ?.!")) or _PAPERS_BY.match(query)) and (
                _PERSON.fullmatch(m.group("who"))):  # "What did Geoffrey Hinton work on?":
            return Plan("summary", "", filters, reply=prompts.render(  # no author so named
                prompts.NO_SUCH_AUTHOR, name=neutralize(m.group("who"))))
        typed = words if misspelled else ""
        if (name or many) and not filters.author and not (
                follow_up and prev and prev.paper_ids and kind == "summary"):  # "they": below
            rest = " ".join(re.sub(rf"{re.escape(words)}(?:['\u2019]s\b)?", " ", query).split())
            rest, name, together = (self._other_authors(rest, name) if name and not (
                many or misspelled) else (rest, name, ()))  # "papers by A and B", "A or B"
            rest = " ".join(_AUTHOR_WORDS.sub(" ", rest).split())  # "with B", "as an author"
            rest = _DID_ANY.sub("which papers", rest)  # "did (X) publish anything at COLM?"
            rest = _DID_VERB.sub(r"\g<what> \g<aux>", rest)  # "what (topics) did (X) publish
            # in 2024?": no topic
            both = and_list([name, *together])  # "Sergey Levine and Chelsea Finn"
            # many authors of the last name: the substring filter, then each of their names
            shown, where = (f"an author named {words}", words) if many else (both, name)
            if query_terms(rest) and (kind == "listing" or not follow_up):
                # "which papers by Yoshua Bengio study GFlowNets?": a listing among theirs;
                # "summarize Yoshua Bengio's papers on GFlowNets": a summary of those ("what
                # lower bounds do they prove?" after "what did X work on?": all of theirs);
                # "which papers by Ji study bilevel optimization?": among every Ji's
                sides, either = _either(rest) if kind == "listing" else ((), "")
                return Plan(kind, rest, replace(filters, author=where),
                             topic=either or shown_topic(rest), standalone=standalone,
                             author=" or ".join(many) or name, author_shown=shown, sides=sides,
                             author_typed=typed, coauthors=together)
            if many:  # "What did Li work on?": which Li?
                return Plan(kind, query, filters, topic=words, standalone=standalone,
                             ambiguous=list(many))
            return Plan("metadata", rest, replace(filters, author=name), topic=both,
                         standalone=standalone, author=name, author_shown=both,
                         author_typed=typed, coauthors=together)
        area = self.index.match_area(query)
        if area and not filters.area:
            return Plan("metadata", re.sub(re.escape(area.split(" · ")[-1]), " ", query,
                                            flags=re.IGNORECASE),
                         replace(filters, area=area), topic=area, standalone=standalone)
        if named and not query_terms(query):  # "which papers are from COLT 2024?": all of them
            return Plan("metadata", query, filters, topic=named, standalone=standalone)
        if not follow_up and not _LISTING.search(question) and (m := _COMPARE.search(query)):
            first, last = (x for x in m.groups() if x)  # "A, B and C", "A with B and C"
            if sides := _sides(first, last, r",|\s+and\s+"):
                return Plan("summary", query, filters, topic=" vs ".join(sides),
                             standalone=standalone, sides=sides)
        if kind == "listing" and not follow_up:
            sides, either = _either(query)
            if sides:  # "which papers use LoRA or adapters?": the papers on either, not both
                return Plan(kind, query, filters, topic=either, standalone=standalone,
                             sides=sides)
        if kind == "summary" and not follow_up and re.match(r"\s*summari[sz]e\b", query,
                                                            re.IGNORECASE) and (
                sides := _either(query)[0]):  # "Summarize LoRA or adapters": each, in turn
            sides = tuple(shown_topic(side) or side for side in sides)
            return Plan(kind, query, filters, topic=" or ".join(sides), standalone=standalone,
                        sides=sides)
        if kind == "summary" and not follow_up and not _ASKS.match(query) and not (
                _NOT_BARE.search(query)):
            sides, either = _either(re.sub(r"\s+/\s+", " or ", query))
            if sides:  # "Mamba or state space models", "A / B": the papers on either
                return Plan("listing", query, filters, topic=either, standalone=standalone,
                             sides=sides)
        of = _them_of(question, conversation)  # (not a count after it)
        if prev and follow_up and of and of.paper_ids and kind == "summary":
            # "they" are the papers of the previous answer: those, the closest first
            return Plan(kind, query, filters, scope=list(of.paper_ids), topic=_topic(query),
                         standalone=standalone, whole_scope=True)
        return Plan(kind, query, filters, topic=shown_topic(query), standalone=standalone)

    def _written(self, question: str) -> str:
        """``question`` with the institutions and venues it names in capitals where it is typed
        in lowercase (:func:`rag.institutions.capitalized`; a venue's name under five
        characters before a year or "papers", or after "from", "at" or "in": "colt 2024
        papers" -> "COLT 2024 papers"); as it was otherwise."""
        if not typed_in_lowercase(question):
            return question
        question = capitalized(question)  # first: a venue in capitals is no capital typed
        for venue in self.index.venue_names():
            if len(venue) < 5 and venue.lower() != venue:
                low = re.escape(venue.lower())
                question = re.sub(rf"{_VENUE_AFTER}{low}(?![\w-])|(?<![\w-]){low}{_VENUE_BEFORE}",
                                  venue, question)
        return question

    def _author_named(self, query: str) -> _AuthorNamed:
        """The author ``query`` names and the words naming it: a name of the catalog, any case
        (:meth:`PaperIndex.author_spans`); or a last name where the question says it is an
        author's (:data:`_SURNAME`: "papers by Bengio"; capitalized, or any case in a question
        typed in lowercase), each author of that name ("Samy Bengio or Yoshua Bengio") where
        at most :data:`_SURNAME_NAMES` have it, else ('', the name, every author of it: which
        one is meant cannot be told); or, where the question says a name no author has is an
        author's (:data:`_NAME_FRAME`: "what did Kaiyi Jin work on?"), the authors its
        initials and last name name (:meth:`_initialed`: "Y. Bengio"), else the closest names of
        the catalog (:meth:`PaperIndex.authors_like`: "Kaiyi Ji"), ``misspelled``, the two
        words of a name the other way round first ("Fei-Fei Li": "Li Fei-Fei"); last, a last
        name no author has and no paper writes, the authors of the closest that one does
        (:meth:`PaperIndex.surnamed_like`: "papers by abeel"), ``misspelled``. ('', '', [])
        if none."""
        for name, words in self.index.author_spans(query)[:1]:
            return _AuthorNamed(name, words)
        lowercase = typed_in_lowercase(query)
        for m in _SURNAME.finditer(query):
            word = next(w for w in m.groups() if w)
            if m.group("own") and _FIRST_NAME.search(query[:m.start()]):
                continue  # "John Bengio's papers": a name the catalog does not hold
            last = word.split()[-1]  # "van der Schaar": the authors surnamed "Schaar" so
            names = [n for n in self.index.authors_surnamed(last)
                     if fold(n).lower().endswith(" " + fold(" ".join(word.split())).lower())]
            if not names and " " not in word.strip() and (word[:1].isupper() or lowercase) and (
                    firsts := self.index.authors_first_named(word)):  # "papers by Dorsa": a
                # first name, of one author (else which one is meant cannot be told)
                return (_AuthorNamed(firsts[0], word) if len(firsts) == 1
                        else _AuthorNamed("", word, tuple(firsts)))
            if names and (last[:1].isupper() or lowercase):
                return (_AuthorNamed(" or ".join(names), word) if len(names) <= _SURNAME_NAMES
                        else _AuthorNamed("", word, tuple(names)))
        for m in _NAME_FRAME.finditer(query):
            parts = next(w for w in m.groups() if w).split()  # "summarize Joshua Bengio": its
            for size in range(len(parts), 1, -1):  # last two words
                for start in range(len(parts) - size + 1):
                    typed = " ".join(parts[start:start + size])
                    turned = " ".join(parts[start:start + size][::-1]) if size == 2 else ""
                    if turned and (spans := self.index.author_spans(turned)) and len(
                            spans[0][1]) == len(turned):  # "Fei-Fei Li": "Li Fei-Fei"
                        return _AuthorNamed(spans[0][0], typed, misspelled=True)
                    if names := self._initialed(typed):
                        return _AuthorNamed(" or ".join(names), typed)
                    if names := self.index.authors_like(typed, most=_SURNAME_NAMES):
                        return _AuthorNamed(" or ".join(names), typed, misspelled=True)
        for m in _SURNAME.finditer(query):  # last, a last name no author has: "abeel"
            word = next(w for w in m.groups() if w)
            if m.group("own") and _FIRST_NAME.search(query[:m.start()]):
                continue
            if " " not in word and (word[:1].isupper() or lowercase) and (
                    names := self.index.surnamed_like(word, most=_SURNAME_NAMES)):
                return _AuthorNamed(" or ".join(names), word, misspelled=True)
        return _AuthorNamed("", "")

    def _initialed(self, typed: str) -> list[str]:
        """The authors a last name after initials names ("Y. Bengio", "Y Bengio", "J. Z.
        Kolter"): those of that last name whose first name has the first initial, where at
        most :data:`_SURNAME_NAMES` do; none for other words."""
        *initials, last = typed.split()
        if not initials or not all(re.fullmatch(r"[^\W\d_]\.?", i) for i in initials):
            return []
        first = fold(initials[0][0]).lower()
        names = [n for n in self.index.authors_surnamed(last) if fold(n)[:1].lower() == first]
        return names if len(names) <= _SURNAME_NAMES else []

    def _authors_left_out(self, question: str) -> tuple[str, tuple[str, ...]]:
        """The authors a question leaves out of another's papers (:data:`_NOT_WITH`: "papers by
        A but not with B", "without B or C"), each a full name or every author of a last name
        ("Chen": "Bo Chen or Li Chen"), and the question without them; (question, ()) where
        the words left out are not all authors' names."""
        if not (m := _NOT_WITH.search(question)):
            return question, ()
        # a last name alone only as a name is written (capitalized, or in a question typed in
        # lowercase), after "with" or "by" ("excluding Adam" is the optimizer), and where few
        # authors have it (not every Wang)
        with_or_by = re.search(r"\b(?:with|by)\b", question[m.start():m.start("who")],
                               re.IGNORECASE) is not None
        if not (names := self._names_of(m.group("who"), with_or_by, question)):
            return question, ()  # "papers by A without proofs": a topic's word
        return " ".join((question[:m.start()] + " " + question[m.end():]).split()), names

    def _names_of(self, who: str, with_or_by: bool, question: str) -> tuple[str, ...]:
        """The authors ``who`` names ("A, B or C"), each a full name or every author of a
        last name ("Chen": "Bo Chen or Li Chen") where the name is written after "with" or
        "by" (``with_or_by``); () where any part of it is not an author's name."""
        names: list[str] = []
        for part in filter(None, re.split(r"\s*,\s*|\s+(?:or|and|nor)\s+", who)):
            spans = self.index.author_spans(part)
            if spans and len(spans[0][1].split()) == len(part.split()):
                names.append(spans[0][0])
            elif (" " not in part and with_or_by
                  and (part[:1].isupper() or typed_in_lowercase(question))
                  and 0 < len(surnamed := self.index.authors_surnamed(part)) <= _SURNAME_NAMES):
                names.append(" or ".join(surnamed))
            else:
                return ()
        return tuple(names)

    def _other_authors(self, rest: str, name: str) -> tuple[str, str, tuple[str, ...]]:
        """A question naming other authors (up to two) beside ``name`` (``rest``: the question
        without it): ``rest`` without them, the author filter, and the authors who wrote the
        papers with ``name``. "papers by A or B": the papers of either ("A or B", ());
        "papers by A and B", "A's papers with B", "co-authored by A and B": those they wrote
        together (A, (B,)); "what did A and B work on?" the papers of either, unless it says
        together (:data:`_JOINTLY`). As it was where it names no other, or joins them by no
        such word."""
        others = [(n, w) for n, w in self.index.author_spans(rest) if n != name][:2]
        if not others:  # "papers by Levine and Finn": each author of that last name; "papers
            # by Levine with Chelsea Finn" (the full name, found first, is out of ``rest``)
            for m in chain(_JOINED_NAME.finditer(rest), _NAME_JOINED.finditer(rest)):
                word, lowercase = m.group(1), typed_in_lowercase(rest)
                if m.re is _JOINED_NAME and not _AFTER_NAME.match(rest, m.end()):
                    continue  # "on Newton's method with Markov chains": a topic's word
                if (word[:1].isupper() or lowercase) and (
                        surnamed := self.index.authors_surnamed(word)) and name not in surnamed:
                    others.append((" or ".join(surnamed), word))
            others = others[:2]
        # "or" joining the names, not the topic's ("by A and B on X or Y")
        either = any(re.search(rf"\bor\s+{re.escape(w)}", rest, re.IGNORECASE) for _, w in others)
        # "what did A and B work on?": each one's work, unless asked together ("what did A
        # write with B?")
        either = either or bool(_WHAT_DID.match(rest) and not _JOINTLY.search(rest) and not any(
            re.search(rf"\bwith\s+{re.escape(w)}", rest, re.IGNORECASE) for _, w in others))
        if not others or not (either or _TOGETHER.search(rest)):
            return rest, name, ()
        for _, written in others:
            rest = re.sub(rf"(?:\bor\s+)?(?<![\w-]){re.escape(written)}(?:['\u2019]s)?(?![\w-])",
                          " ", rest)  # "and Ma", not the "ma" of "Markov games"
        names = tuple(other for other, _ in others)
        return (rest, " or ".join([name, *names]), ()) if either else (rest, name, names)

    def _bare_institution(self, question: str) -> str:
        """A question that is only an institution's name ("Tsinghua University", "Google
        DeepMind?"), where more papers have an author there than write its words (a topic's
        name, "Reinforcement Learning", stays a topic; "Stanford" is in a few abstracts' URLs,
        in 222 papers' affiliations); ''."""
        text = question.strip().rstrip("?.! ")
        if not re.fullmatch(r"[^\W\d_][\w&.' -]*", text) or len(text.split()) > 6:
            return ""
        name, words = self.index.match_affiliation(f"from {text}")
        if not name or words != f"from {text}":
            return ""
        written = self.index.doc_frequencies(query_terms(text)).values()
        held = len(self.index.filter_ids(affiliation=name) or [])
        return text if held > min(written, default=0) else ""

    def _pronoun_named(self, question: str, conversation: Conversation | None) -> str:
        """``question`` with "he", "she", "his" and "her" (:data:`_HE_SHE`) as the author the
        last answers were on ("which papers did he write with Chelsea Finn?", "the most common
        topic in his papers": all that author's papers, not the last list of some), where one
        of the last three names one; as it is where none does, or where a form of its own
        reads the pronoun of the last answer's papers ("who are his co-authors?", "where are
        her co-authors from?", "what else is in his session?")."""
        if not conversation or not _HE_SHE.search(question) or any(
                p.search(question) for p in (_COAUTHORS, _AUTHORS_FROM, _AND_FROM, _THAT_SESSION)):
            return question
        name = self._author_lately(conversation.turns[-3:])
        def named(m: re.Match[str]) -> str:
            if m.group(0)[0].isupper() and question[:m.start()].strip() and not re.search(
                    r"[.?!:;]\s*$", question[:m.start()]):
                return m.group(0)  # a name's, within the sentence
            return f"{name}'s" if m.group("own") else name

        return _HE_SHE.sub(named, question) if name else question

    def _author_lately(self, turns: Sequence[Turn]) -> str:
        """The author the last of ``turns`` naming one names (the one "he" or "she" means); ''
        where none does."""
        return next((who.name for turn in reversed(turns)
                     if (who := self._author_named(turn.standalone)).name and not who.many), "")

    def _people_at(self, question: str) -> str:
        """A question asking for the authors at an institution (:data:`_PEOPLE_AT`: "who are
        the Stanford authors?", "which researchers at MIT work on X?"), or of a venue, year or
        status ("who are the COLT 2024 authors?"), as the question counting them ("Who are the
        most prolific authors from MIT on X?", "... of the COLT 2024 papers?"); '' for any
        other (the words before "authors" name neither: "who are the top authors?")."""
        m = _PEOPLE_AT.match(question)
        at = m and (m.group("pre") or m.group("post") or m.group("who"))
        if not m or not at:
            return ""
        if self.index.match_affiliation(f"from {at}")[1] == f"from {at}":
            lead = f"from {at}"
        elif m.group("pre") and self._filter_named(at, Filters()):
            lead = f"of the {at} papers"  # "the COLT authors", "the Optimization authors"
        else:
            return ""
        return f"Who are the most prolific authors {lead}" + (
            f" on {m.group('topic')}?" if m.group("topic") else f"{m.group('tail') or ''}?")

    def _what_about(self, question: str, last: str) -> str | None:
        """A follow-up naming only what changes ("what about federated learning?", "and
        spotlights?", "how about Stanford?", "what about COLT 2025?", "what about Heng Huang?")
        as the last question (``last``, made standalone) with it in place of what that named of
        its kind: its status, session ("what about session 4?", "... Thursday?"), venue and
        years, institution, author, or else its topic (its
        words from the first content word to the last, filters left out); added where the last
        question named none. None where the question is no such follow-up, or names "them"."""
        m = _WHAT_ABOUT.match(question)
        x = _ONES.sub("", _INSTEAD.sub("", (m.group("x") or m.group("y") or m.group("z")
                                            or m.group("w") or "").strip())) if m else ""
        if not x or _PRONOUN.search(x) or re.match(  # ("the ones" with code words taken out)
                r"(?:the\s+)?ones(?:$|\s+(?:that|which|who|with|using)\s)", x, re.IGNORECASE):
            return None  # ("and the ones that use X?": a narrowing)
        if re.search(rf"\w['\u2019]s\s+{WORK_NOUN}\b", x, re.IGNORECASE):  # "what about Bengio's
            return f"{x}?"  # papers on causality?": a question of its own (it was "what has
            # Yoshua Bengio Bengio's papers on causality here?")
        if m and m.group("w"):  # "from COLM": what it names, put where the last question has it
            x = re.sub(rf"^{_SHOW_VERB}?(?:(?:only|just)\s+)?(?:(?:from|at|in)\s+)?", "", x,
                       flags=re.IGNORECASE)

        status_x = _STATUS_NOUN.sub(r"\1 papers", x)
        status, words = self.index.match_status(status_x)
        if status and not query_terms(status_x.replace(words, " ")):
            if (paren := re.search(r"\(([^()]*)\)$", last)) and any(
                    self.index.match_status(said)[0] for said in (_STATUS_NOUN.sub(
                        r"\1 papers", paren.group(1)), f"{paren.group(1)} papers")):  # a
                # narrowing's "(orals)": "and spotlights?" asks the question it narrowed with
                # spotlights (it was "Show me spotlight papers on X? (oral papers)")
                last = last[:paren.start()].rstrip()
            if (old := self.index.match_status(last)[1]) or not _PAPERS_WORD.search(last):
                return _put(last, words, old)
            return _PAPERS_WORD.sub(  # "papers": "spotlight papers", "papers accepted as orals"
                lambda p: f"{words} {p.group(0)}" if " " not in words else f"{p.group(0)} {words}",
                last, count=1)
        day = re.match(rf"(?:{DAYS})\b", x, re.IGNORECASE)  # "what about Thursday?"
        part = re.fullmatch(r"(?:the\s+)?(morning|afternoon)s?(?:\s+sessions?)?", x, re.IGNORECASE)
        x = f"in the {part.group(1)} sessions" if part else x  # "... the morning?"
        session, words = self.index.match_session(f"on {x}" if day else x)
        if session and not query_terms(f"on {x}".replace(words, " ") if day else x.replace(
                words, " ")):
            if not re.match(r"(?i)(?:in|at|during|from|on|presented|shown)\b", words):
                words = f"in {words}"  # "session 4", "the third session"
            return _put(last, words, self.index.match_session(last)[1], after_papers=True)
        years = self.index.years()
        venue, (rest, named_years) = self.index.match_venue(x), _years_named(x, years)
        if (venue or named_years.active()) and not query_terms(
                re.sub(re.escape(venue), " ", rest) if venue else rest):
            before = last
            if venue and (old := self.index.match_venue(last)):
                if not named_years.active() and re.search(
                        rf"\([^()]*(?<![\w-]){re.escape(old)}(?![\w-])[^()]*\)$", last):
                    return re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])(?=[^()]*\)$)", venue,
                                  last)  # a narrowing's "(AISTATS)": "and from UAI?" of that
                    # list too (it was "from UAI papers on X ( )")
                before = re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", " ", before)
            if named_years.active():
                before = _years_named(before, years)[0]
            return _put(" ".join(before.split()), x, "")
        probe = x if re.match(r"(?i)(?:from|at|affiliated)\b", x) else f"from {x}"
        institution = self._institution_named(probe)[0]
        if institution and not query_terms(probe.replace(institution, " ", 1)):
            return _put(last, f"from {institution}", self._institution_named(last)[1],
                        after_papers=True)
        if m and m.group("w"):  # "in robotics": no filter alone, no follow-up of this kind
            return None
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
        if (paren := re.search(r"\?\s*\(([^()]*)\)$", last)) and query_terms(
                self._named_filters(paren.group(1), Filters())[0]):  # a narrowing's "X?
            # (theoretical)": the question it narrowed (it was "which papers study
            # calibration)"; one by filters, "(2024)", "(COLT)", is kept)
            last = last[:paren.start()] + "?"
        stripped = self._named_filters(last, Filters())[0]
        for _, words in self.index.author_spans(stripped)[:1]:
            stripped = stripped.replace(words, " ")
        content = [w for w in re.finditer(r"[\w'-]+", stripped) if is_term(w.group(0).lower())]
        if not content:  # "which papers are from COLT 2024?", "what did Ann Lee work on?"
            base = _WORKED_ON.sub(r"Which papers by \g<who>", re.sub(r"[\s?.!]*$", "", last))
            return f"{base} on {topic}?"
        if _OF_THE_TOPIC.match(last):  # "which of the uncertainty papers are theoretical?"
            return f"Which papers study {topic}?"  # (was "which of the calibration?")
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
        rest = _ASKED_OF_INSTITUTION.sub(" ", question.replace(words, " ", 1))
        return name, words if name and query_terms(rest) else ""

    def _named_filters(self, query: str, filters: Filters) -> tuple[str, Filters, str]:
        """A venue, years, a status and an institution the question names ("Which COLT 2024
        papers study bandits?", "papers since 2024 on ...", "oral papers on X", "papers from MIT
        on Y"): the question without them (and a "from", "in" or "at" before them), the filters
        with them where none is set for them (a filter set in the UI wins), and what it named
        ("COLT 2024 orals", :func:`scope_named`; '' if nothing). A venue the catalog does not
        hold counts where the question names it as one (:func:`_other_venue`: "Which ICML 2024
        papers ...", "papers from ICLR") and the catalog gives venues, so that none is found. A
        year alone counts where the catalog holds it, or after "from" or "in" where it gives
        years ("the WMT 2014 benchmark" in a 2023 corpus stays a word); a span
        ("since 2024", "2023-2024", "before 2025") always; a status where the catalog's hold its
        word (:meth:`PaperIndex.match_status`); an institution where an affiliation names it
        (:meth:`PaperIndex.match_affiliation`)."""
        venue, written = self.index.match_venue(query), ""
        if not venue and self.index.venue_names() and (written := _other_venue(query)):
            venue = (self.index.match_venue(_VENUE_ALIASES.get(written.lower(), written))
                     or written)  # "NIPS" for "NeurIPS 2023"
        # the venue as the question writes it (a name under five letters only as written)
        case = re.IGNORECASE if len(written or venue) >= 5 else 0
        written = re.escape(written or venue)
        held = self.index.years()
        if venue and held and (m := re.search(rf"(?<![\w-]){written}\s+({YEAR})(?![\w-])", query,
                                              flags=case)):
            held = held | {int(m.group(1))}  # "ICML 2024": a year, held or not
        query, years = _years_named(query, held)
        status, words = self.index.match_status(query)
        if status and (also := self._also_named(query, words, status, self._status_word)):
            status, query = also  # "oral or spotlight papers"
        query = query.replace(words, " ", 1) if status else query
        if venue:  # as found, with a "from", "in" or "at" before it
            if also := self._also_named(query, re.sub(r"\\(.)", r"\1", written), venue,
                                        lambda q: (self.index.match_venue(q),) * 2):
                venue, query = also  # "at COLT and AISTATS"
            query = re.sub(rf"(?:\b(?i:from|in|at)\s+)?(?<![\w-]){written}(?![\w-])", " ",
                           query, flags=case)
        institution, words = self.index.match_affiliation(query)
        at = query.find(words) if institution else -1
        joint = _JOINT.search(query[:at]) if at > 0 else None  # "co-authored" right before
        query = query.replace(words, " ", 1) if institution else query
        if " or " in institution and not re.search(r"\bor\b", words, re.IGNORECASE) and (
                re.search(r"\b(?:both|between|joint)\b", words, re.IGNORECASE) or joint):  # "from
            institution = institution.replace(" or ", ALL_OF)  # both Stanford and Google":
            if joint:  # the papers of both ("papers co-authored by Stanford and Google
                query = query[:joint.start()] + query[joint.end():]  # researchers")
        session, words = self.index.match_session(query)  # "in poster session 3"
        query = query.replace(words, " ", 1) if session else query
        if not (venue or years.active() or status or institution or session):
            return query, filters, ""
        filters = replace(filters, venue=filters.venue or venue, status=filters.status or status,
                          affiliation=filters.affiliation or institution,
                          session=filters.session or session)
        if years.active() and not filters.has_years():
            filters = replace(filters, year=years.year, since=years.since, until=years.until,
                              year_in=years.year_in)
        named = scope_named(replace(years, venue=venue, status=status, affiliation=institution,
                                    session=session))
        return " ".join(query.split()), filters, named

    def _venues_written(self, query: str) -> tuple[str, list[tuple[str, str]]]:
        """``query`` with a venue it names before a year written as the catalog names it, and
        with the full year, where the catalog holds that venue and year: a two-digit year
        ("AISTATS 23", "colm'24", "COLM '24", "AISTATS-2025"), lowercase ("colm 2024"; a name under five
        letters only in a question without capitals, as :meth:`_written`), or one edit off, five
        letters or more, where no paper writes the word ("AISTAT 2024") -> "AISTATS 2023",
        "COLM 2024"; a venue named again for another year once ("COLT 2023 and COLT 2024":
        "COLT 2023 and 2024"); and the (word, venue) pairs of those one edit off (the answer
        says so)."""
        names = {v.lower(): v for v in self.index.venue_names()}
        held = self.index.years()
        pairs: list[tuple[str, str]] = []
        if not names or not held:
            return query, pairs
        lowercase = typed_in_lowercase(query)

        def written(m: re.Match[str]) -> str:
            word, full = m.group("v"), m.group("yyyy")
            year = int(full) if full else 2000 + int(m.group("yy") or m.group("yy2"))
            name = names.get(word.lower(), "")
            if len(name) < 5 and name != word and not (lowercase or full):
                name = ""  # in a question with capitals, a short name only as written, or
                # before a full year ("colm 2024 papers from MIT")
            if not name and len(word) >= 4 and not self.index.word_papers(word.lower()):
                close = process.extractOne(word.lower(), [n for n in names if len(n) >= 5],
                                           scorer=OSA.distance, score_cutoff=1)
                name = names[close[0]] if close else ""
            if not name or year not in held or m.group(0) == f"{name} {year}":
                return m.group(0)
            if name.lower() != word.lower():
                pairs.append((word, name))
            return f"{name} {year}"

        query = re.sub(r"(?<![\w'-])(?P<v>[A-Za-z][\w-]*[A-Za-z])(?:\s*['\u2019]\s*(?P<yy>\d\d)"
                       r"|(?:\s+|-)(?P<yy2>\d\d)|(?:\s+|-)(?P<yyyy>20\d\d))(?![\w'-])", written,
                       query)
        while (m := _VENUE_TWICE.search(query)) and m.group(1) in names.values():
            query = query[:m.start()] + f"{m.group(1)} {m.group(2)}{m.group(3)}{m.group(4)}" + (
                query[m.end():])  # "COLT 2023 or COLT 2024": "COLT 2023 or 2024"
        return query, pairs

    def _status_word(self, text: str) -> tuple[str, str]:
        """A status word alone ("oral" in "oral or spotlight papers") and the status of the
        catalog it names: (status, the word); ('', '') if none."""
        for m in re.finditer(rf"\b({STATUS_WORDS})s?\b", text, re.IGNORECASE):
            if status := self.index.match_status(f"{m.group(1)} papers")[0]:
                return status, m.group(0)
        return "", ""

    @staticmethod
    def _also_named(query: str, first: str, value: str,
                    match: Callable[[str], tuple[str, str]]) -> tuple[str, str] | None:
        """A second venue or status joined to the first (``first`` as written, ``value`` as
        stored) by "and", "or" or a comma ("COLT and AISTATS", "oral or spotlight"): both as
        the filter takes them, in the question's order ("COLT or AISTATS"; ``match`` finds the
        second and its words in a text), and ``query`` without the second and the joining
        word; None where there is none."""
        rest = query.replace(first, " \x00 ", 1)
        second, words = match(rest.replace("\x00", " "))
        if not second or not words:
            return None
        joined = r"\s*(?:,|\band\b|\bor\b)\s*(?:(?:at|in|from)\s+)?"
        other = rf"(?<![\w-]){re.escape(words)}(?![\w-])"
        # either way round: "COLT and AISTATS", where the longer name was found first
        m = (re.search(rf"(?<=\x00)(?:\s+papers)?{joined}{other}", rest, re.IGNORECASE)
             or re.search(rf"{other}(?:\s+papers)?{joined}(?=\s*\x00)", rest, re.IGNORECASE))
        if m is None:
            return None
        both = f"{second} or {value}" if m.start() < rest.index("\x00") else f"{value} or {second}"
        return both, (rest[:m.start()] + " " + rest[m.end():]).replace("\x00", first)

    def _paper_titled(self, asked: str, near: list[Paper] | None = None) -> Paper | None:
        """The paper ``asked`` names by its title or label (:func:`_titled`), among the closest
        five to it (``near``, where searched already: :meth:`_near`); None where none has it
        (the question is then about its words)."""
        return next((p for p in (self._near(asked) if near is None else near)
                     if _titled(p.title or p.label, asked)), None)

    def _near(self, asked: str) -> list[Paper]:
        """The five papers closest to ``asked``, whose titles it may name."""
        return [h.paper for h in self.retriever.search(asked, k=5, evidence=False).hits]


# ---- helpers -------------------------------------------------------------------------------
# what parts an area from its sub-area ("Deep Learning · Theory", as the parsers write it)
AREA_PARTS = " \u00b7 "
# how a follow-up narrows a tally's papers to one of its names by place ("what did the first
# one publish?"): by what the tally counted, the word before the name (an area's:
# QuestionReader._in_area)
PICKED_FROM = {"author": "by", "coauthor": "by", "affiliation": "from", "venue": "from",
               "year": "from", "area": "in"}
# well-known venues, which a question may ask for where the catalog holds none of their papers
_VENUES = ("NeurIPS", "NIPS", "ICML", "ICLR", "AAAI", "IJCAI", "CVPR", "ICCV", "ECCV", "WACV",
           "BMVC", "ACL", "EMNLP", "NAACL", "EACL", "COLING", "KDD", "WWW", "WSDM", "SIGIR",
           "CIKM", "RecSys", "AISTATS", "UAI", "COLT", "ALT", "CoRL", "COLM", "TMLR", "JMLR",
           "RSS", "ICRA", "IROS", "MLSys", "ICASSP", "Interspeech", "MICCAI", "SIGGRAPH", "CHI",
           "STOC", "FOCS", "SODA", "ISIT")
_VENUE_ALIASES = {"nips": "NeurIPS", "neurips": "NIPS"}
# ... named as a venue: "from ICML", "at ICLR 2024", "ICML 2024 papers", "ICML orals"
# (names under five characters only as written: "ALT", not "alt")
_VENUE_NAMES = "|".join(re.escape(name) if len(name) < 5 else f"(?i:{re.escape(name)})"
                        for name in _VENUES)
_VENUE_AS = re.compile(
    rf"\b(?i:from|at|in|of)\s+(?:the\s+)?(?P<a>{_VENUE_NAMES})(?![\w-])"
    rf"|(?<![\w-])(?P<b>{_VENUE_NAMES})(?:\s+{YEAR})?\s+(?i:papers|orals|posters|spotlights"
    r"|submissions|proceedings|accepted)\b"
    # ... "what did ICML 2025 publish on X?", "ICML 2024 work on X", "did ICLR accept ...?"
    rf"|(?<![\w-])(?P<c>{_VENUE_NAMES})\s+{YEAR}(?![\w-])"
    rf"|\b(?i:did|does|has|have)\s+(?P<d>{_VENUE_NAMES})\s+(?i:publish|accept|have|feature)")


def _other_venue(question: str) -> str:
    """A well-known venue (:data:`_VENUES`) ``question`` names as a venue (:data:`_VENUE_AS`),
    as spelled there; '' where it names none."""
    m = _VENUE_AS.search(question)
    return next((v for v in m.groups() if v), "") if m else ""


def _put(text: str, new: str, old: str, *, after_papers: bool = False) -> str:
    """``text`` with ``new`` in place of ``old``; where ``old`` is '', ``new`` next to the word
    "papers" (before it: "COLT papers"; after it: "papers from MIT"), else at its end."""
    if old:
        return " ".join(text.replace(old, f" {new} ", 1).split())
    if p := _PAPERS_WORD.search(text):
        at = p.end() if after_papers else p.start()
        return " ".join(f"{text[:at]} {new} {text[at:]}".split())
    return re.sub(r"[\s?.!]*$", f" {new}?", text, count=1)


# the words before a side's topic: "(compare) the papers on A and B", "work on A with B"
# where a comparison's first side names its topic first: "papers on X: AISTATS 2023 vs ...",
# "X papers at COLT vs ALT", "X in orals vs posters"
_TOPIC_FIRST = re.compile(r"\s*:\s*|\s+(?:in|at|from)\s+", re.IGNORECASE)
_SIDE_LEAD = re.compile(r"^(?:the\s+)?(?:papers?|works?|studies|research|methods|approaches)"
                        r"\s+(?:on|about|in|for|studying|that\s+study)\s+", re.IGNORECASE)


def _names_joined(question: str) -> str:
    """``question`` with each capitalized stopword inside a name (:data:`_CAPITALIZED_RUN`)
    joined to the word before it ("the Segment Anything Model" -> "the Segment-Anything
    Model"; of two words, only a function word of four letters or more: "Segment Anything",
    not "Newton Method" or "Kaiming He"); as it is where most of its words outside names are
    capitalized or all are in one (a question in title case: but "Anything" or "Everything"
    after a word, "Which Papers Study Segment Anything") or it quotes something (a title, read
    as written)."""
    runs = [m.group(0).split() for m in _CAPITALIZED_RUN.finditer(question)]
    words = question.split()[1:]
    outside = len(words) - sum(map(len, runs))
    capitalized = sum(w[:1].isupper() for w in words) - sum(map(len, runs))
    if re.search(r"[\"\u201c\u2018]|(?<!\w)'|\b(?:called|titled|entitled|named)\s+[A-Z]", question):
        return question  # ("is there a paper called Attention Is All You Need?")
    if outside <= 0 or 2 * capitalized > outside:  # title case: "Anything" after a word
        return re.sub(r"\b([A-Z][a-z]+)\s+(Anything|Everything)\b", lambda m: m.group(0) if (
            m.group(1).lower() in STOPWORDS) else f"{m.group(1)}-{m.group(2)}", question)

    def join(m: re.Match[str]) -> str:
        run = m.group(0).split()
        out: list[str] = []
        for word in run:
            if out and (word.lower() in STOPWORDS if len(run) > 2 else (
                    word.lower() in FUNCTION_WORDS and len(word) >= 4)):  # not "Kaiming He"
                out[-1] += f"-{word}"
            else:
                out.append(word)
        return " ".join(out)
    return _CAPITALIZED_RUN.sub(join, question)


# a venue, year, status or institution a question leaves out: "bandit papers not at COLT",
# "papers on X outside AISTATS", "that are not posters", "which of them aren't orals?"
# (QuestionReader._not_filtered) ...
_NOT_AT = re.compile(r"(?<![\s,])[\s,]*\b(?:(?:(?:that|which)\s+|(?<=\bpapers\s)|(?<=\b(?:them|ones)\s)"
                     r"|(?<=\bth[oe]se\s))(?:(?:are|were)\s+not|aren['\u2019]t|weren['\u2019]t)"
                     r"(?:\s+(?:at|in|from))?|not\s+"
                     r"(?:at|in|from|published\s+(?:at|in))|outside(?:\s+of)?|other\s+than"
                     r"|excluding|except(?:\s+for)?|(?:but|and)\s+not)\s+"
                     r"(?:the\s+)?(?P<x>[\w.-]+(?:\s+[\w.-]+){0,2})", re.IGNORECASE)
# ... "non-poster papers"
_NON_STATUS = re.compile(r"\bnon-?(?P<s>oral|poster|spotlight)s?\b", re.IGNORECASE)
# what makes "A or B" more than a bare pair of topics: a question of which is better or a
# request ("Is LoRA or full fine-tuning better for vision?", "Should I use A or B?",
# "Describe A or B"): compared or summarized, not the papers on either listed
_NOT_BARE = re.compile(r"^\s*(?:is|are|was|were|should|shall|would|will|why|explain|describe"
                       r"|discuss|please|i|we|my|our)\b|\b(?:better|best|worse|prefer(?:red)?"
                       r"|choose|vs\.?|versus)\b", re.IGNORECASE)
# what starts a sentence that asks: the question after words of context
_ASKS = re.compile(r"^(?:which|what|who|whom|how|where|when|list|find|show|give|summari[sz]e|"
                   r"compare|are\s+there|is\s+there|any|can|could|do|does|tell|name)\b",
                   re.IGNORECASE)


# a sentence after the question asking for every paper, or thanking: "I want all of them.",
# "Please list them all.", "Thanks!", "Be exhaustive."; not one naming a topic ("List all
# papers on X.", "Show me all the papers about Y.": a request of its own)
_AFTERWORD = re.compile(
    r"^(?![^.!?]*\b(?:on|about|regarding|concerning|related\s+to)\s+(?!them\b|it\b|that\b)\w)"
    r"(?:(?:i|we)(?:['\u2019]d|\s+would)?\s+(?:want|need|like)\s+(?:to\s+see\s+)?(?:all|every|each"
    r"|them\s+all|the\s+(?:full|whole|complete)\b)|(?:please\s+)?(?:list|show|give|include|name)"
    r"\s+(?:me\s+)?(?:them\s+)?(?:all|every|each)\b|(?:thanks?|thank\s+you|thx|ty)\b|please[.!]*$"
    r"|(?:all|every\s+one)\s+of\s+them|(?:please\s+)?be\s+(?:exhaustive|thorough|complete)"
    r"|(?:i['\u2019]m|i\s+am|we['\u2019]re|we\s+are)\s+interested\s+in\s+(?:all|every|each|them))"
    r"[^.!?]*[.!?]*$", re.IGNORECASE)


_PLACE = r"(?:first|last|senior|lead)[\s-]+author"


# how many authors a question asks its papers to have: "single-author papers", "papers with a
# single author", "solo-authored papers", "papers with more than 20 authors", "with at least
# 10 authors", "with 3 or more authors", "fewer than three authors", "two-author papers"
_WORD_NUMBERS = {**{w: n for w, n in _NUMBERS.items() if " " not in w}, "eleven": 11,
                 "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "fifty": 50}
_N = rf"(?P<n>\d{{1,3}}|{'|'.join(_WORD_NUMBERS)})"
_AUTHOR_COUNT = re.compile(
    r"(?P<one>\b(?:single|sole|solo|one|lone)[\s-]+author(?:ed)?\b"
    r"|\b(?:with|having|has|have|by)\s+(?:a\s+single|only\s+one|just\s+one|one|a\s+sole|a\s+lone"
    r"|a\s+single)\s+author\b)"
    r"|\b(?:with|having|has|have)\s+(?P<cmp>more\s+than|over|at\s+least|fewer\s+than|less\s+than"
    rf"|under|at\s+most|exactly|only|just)?\s*{_N}\s*(?P<more>or\s+(?:more|fewer|less)\s+|\+\s*)?"
    r"(?:co-?)?authors\b"
    rf"|\b(?P<k>{_N.replace('?P<n>', '')})[\s-]+author(?:ed)?\s+(?=papers?\b)"
    r"|\b(?:has|have|had|with|having|lists?)\s+the\s+(?P<most>most|fewest|least|(?:largest|highest"
    r"|smallest|lowest)\s+number\s+of)\s+(?:co-?)?authors\b", re.IGNORECASE)


# papers that link their code, as questions ask for them: "NeRF papers with code", "with code
# on GitHub", "that release their code", "with open-source code", "with a GitHub repo", the
# words ending a clause (not "papers with code generation benchmarks", "LLMs with code
# interpreters"; QuestionReader.plan)
_CODE_NOUN = (
    r"(?:(?:their|its|the|a|an|any|public|publicly\s+available|open[- ]source[d]?|released|linked"
    r"|available|source)\s+)*"
    r"(?:code(?:\s+(?:bases?|releases?))?|codebases?|implementations?|github\s+(?:repos?|repositor"
    r"(?:y|ies)|links?|code)|repos|repositor(?:y|ies))(?:\s+(?:on|at|in)\s+github)?"
    r"(?:\s+(?:available|released|online))?(?![-\w])"
    # ... ending the clause: not "with code data", "code interpreters", "code-mixed text"
    r"(?=\s*(?:$|[?.!,;:]|(?:on|about|for|in|regarding|and|that|which|from|at|since|published)\b))")
_WITH_CODE = re.compile(
    r"\s*\b(?:with|having|(?:(?:that|which)\s+)?(?:have|has|releases?|shares?|publish(?:es)?"
    r"|provides?|links?|open[- ]sources?))\s+" + _CODE_NOUN, re.IGNORECASE)
# ... and none: "papers without code", "with no code", "that don't release their code",
# "which have no code on GitHub"
_WITHOUT_CODE = re.compile(
    r"\s*\b(?:without(?!\s+source\s+code)|with\s+no|lacking|(?:(?:that|which)\s+)?(?:(?:do|does|did)"
    r"(?:n['\u2019]?t"
    r"|\s+not)\s+(?:have|release|share|publish|provide|link|open[- ]source)|(?:have|has)\s+no))\s+"
    + _CODE_NOUN, re.IGNORECASE)
# ... counted by something: "per year", "by venue", "in each venue"
_PER = re.compile(r"\b(?:per|by|each|every)\s+(?:year|venue|conference|area|institution|author"
                  r"|session|day|status|track)s?\b", re.IGNORECASE)
# ... a follow-up leaving out those with it: "drop the ones (with code)", "remove those";
# alone, after a narrowing: the rest of the list it narrowed ("drop those", "remove them")
_DROP_ONES = re.compile(rf"\s*(?:(?:and|so|now)\s+)?(?:please\s+)?{_DROP_VERB}\s+(?:(?:the|all)\s+)?"
                        r"(?:(?:ones|papers|those|these|them)(?:\s+(?:ones|papers))?)?\s*[?.!]*\s*",
                        re.IGNORECASE)
# an abstract linking its code: a link, "code is available", "our code", "open-source
# implementation" (1 NeurIPS 2023 abstract in 5)
CODE_LINKED = re.compile(
    r"github\.com|gitlab|https?://|\b(?:codes?|implementations?|codebase)\s+(?:is|are|and\s+\w+"
    r"(?:\s+\w+)?\s+(?:is|are)|will\s+be|has\s+been|have\s+been|can\s+be\s+found)\s+"
    r"(?:publicly\s+|freely\s+|made\s+|openly\s+)?(?:available|released|open[- ]sourced|public"
    r"|accessible|found)|\b(?:our|the)\s+(?:source\s+)?code\s+(?:is|are|can|will|at|and)\b"
    r"|\bopen[- ]sourced?\s+(?:code|implementation|codebase)|\b(?:release[sd]?|releasing|open[- ]"
    r"sourc\w*|publish(?:es|ed)?|make|made)\s+(?:(?!(?:for|of|to|in|on|with)\b)\w+,?\s+){0,5}"
    r"(?:source\s+)?(?:codes?|codebases?)\b(?!\s+(?:generation|completion|models?|llms?|datasets?"
    r"|benchmarks?))", re.IGNORECASE)
CODE_SAID = "with linked code"
NO_CODE_SAID = "without linked code"
TITLE_SAID = "by title"  # "papers with X in the title": "N papers by title match “X”"


# papers that introduce a dataset or benchmark, as questions ask for them: "papers that release
# new datasets", "new benchmarks for LLM reasoning", "dataset papers on X", the words ending a
# clause (not "new dataset distillation methods")
_DATA_NOUN = r"(?:datasets?|benchmarks?|corpora|corpus|test[- ]?beds?)"
_DATA_NOUNS = rf"{_DATA_NOUN}(?:\s*(?:or|and|/|&)\s*{_DATA_NOUN})?(?![-\w])"
_NEW_DATA = re.compile(
    r"\s*\b(?:(?:(?:that|which)\s+)?(?:introduc|releas|propos|present|contribut|creat|build|curat"
    r"|construct|collect|offer|provid|publish)\w*\s+(?:(?:a|an|the|their|its|any|some|own)\s+)*"
    r"(?:(?:new|novel)\s+)?|(?<!\bon\s)(?<!\bwith\s)(?<!\busing\s)(?<!\bacross\s)(?<!\bthe\s)(?<!\buse\s)"
    r"(?<!\buses\s)(?:new|novel)\s+"
    rf"|(?={_DATA_NOUNS}\s+papers?\b)){_DATA_NOUNS}"  # "dataset papers on X"
    r"(?=\s*(?:$|[?.!,;:]|(?:papers?|on|about|for|in|regarding|and|that|which|from|at|since|of|to"
    r"|published)\b))", re.IGNORECASE)
# ... an abstract or title introducing one: "we introduce X, a large-scale dataset", "we curate
# a benchmark", "a new dataset", "our dataset is publicly available"; "X: A Benchmark for Y"
_MADE = (r"(?:introduce|present|propose|release|construct|build|create|collect|curate|contribute"
         r"|develop|provide|establish|design|open[- ]source|compile|gather|assemble|publish)(?:s|d|ed)?")
_A_DATASET = (r"(?:(?!(?:on|across|over|in|for|with|that|which|to|and|from|by|of|using|via|where|is"
              r"|are|we|our|their|existing|standard|several|multiple|various|popular|public|these|those"
              r"|two|three|four|five|six|many|diverse|widely)\b)[\w-]+,?\s+){0,6}(?:datasets?|benchmarks?"
              r"|corpus|corpora|test[- ]?beds?|data\s*sets?|benchmarking\s+(?:platform|suite|framework"
              r"|tool|environment)s?)(?![\w-])(?!\s+(?:generation|generators?|distillation|condensation"
              r"|pruning|selection|bias|shifts?|models?|search|inference|augmentation|stud(?:y|ies)"
              r"|performance|accuracy|results?|scores?|sizes?|gains?|tasks?|problems?|settings?"
              r"|evaluations?|experiments?|metrics?|numbers|leaderboards?|splits?)\b)")
DATA_INTRODUCED = re.compile(
    rf"\b(?:we|this\s+(?:paper|work)|our\s+work)\s+(?:(?:also|further|first|then|additionally)\s+)?"
    rf"{_MADE}\s+(?:(?:a|an|the)\s+)?{_A_DATASET}"
    rf"|\b(?:we|this\s+(?:paper|work))\s+{_MADE}\s+(?:[\w-]+\s+){{0,3}}[\w-]+(?:\s+\([^)]{{1,30}}\))?,"
    rf"\s+(?:a|an|the\s+first|the\s+largest)\s+{_A_DATASET}"
    rf"|\b(?:a|an)\s+(?:new|novel)\s+{_A_DATASET}"
    r"|\b(?:our|the\s+proposed|this)\s+(?:new\s+)?(?:datasets?|benchmarks?|corpus|corpora)\s+"
    r"(?:is|are|will\s+be|has\s+been|have\s+been)\s+(?:publicly\s+|freely\s+|made\s+)?"
    r"(?:available|released)", re.IGNORECASE)
_DATA_TITLE = re.compile(r"^(?:[A-Z0-9][\w-]*\s+){0,4}(?:Datasets?|Benchmarks?|Corpus|Corpora)\s*:"
                         rf"|(?i:^(?:a|an)\s+{_A_DATASET}|:\s*(?:a|an|the)\s+{_A_DATASET})")
# ("X Dataset: ...", "The Cambridge Law Corpus: ...", not "Rethinking the Benchmark: ...")
DATA_SAID = "introducing a dataset or benchmark"


def introduces_data(paper: Paper) -> bool:
    """Whether ``paper`` introduces a dataset or benchmark, by its title ("X: A Benchmark for
    Y", "X Dataset: ...") or its abstract (:data:`DATA_INTRODUCED`; 269 of the 3,584 NeurIPS
    2023 papers)."""
    return bool(_DATA_TITLE.search(paper.title or "") or DATA_INTRODUCED.search(paper.abstract))


# a question left with no words but "which" once the words asking for code, a dataset or an
# author count are taken out ("which have code?", "and which ones introduce a benchmark?")
_BARE_WHICH = re.compile(r"\s*(?:(?:and|so|now)\s+)?(?:which(?:\s+ones?)?|(?:(?:are|is)\s+there\s+)?"
                         r"any(?:\s+ones?)?(?:\s+(?:that|which))?"
                         # "show me the ones (with code)"
                         r"|(?:(?:(?:can|could)\s+(?:you|u)\s+)?(?:please\s+)?(?:show|list|give|find|get"
                         r"|display|keep)(?:\s+(?:me|us))?\s+)?(?:(?:only|just)\s+)?the\s+ones)?\s*[?.!]*\s*",
                         re.IGNORECASE)


def _data_asked(question: str) -> tuple[str, bool]:
    """``question`` without the words asking for papers that introduce a dataset or benchmark
    (:data:`_NEW_DATA`: "which papers release new datasets for robotics?": "which papers for
    robotics?"), and whether it asks so."""
    m = _NEW_DATA.search(question)
    if not m:
        return question, False
    rest = _taken_out(question, m)
    if not re.search(r"\b(?:papers?|works?|articles?|ones?)\b", rest, re.IGNORECASE) and not (
            _BARE_WHICH.fullmatch(rest)):  # ("which introduce benchmarks?": of a list)
        rest = _taken_out(question, m, "papers")  # "new datasets for X": the papers for X
    return rest, True


def _taken_out(question: str, m: re.Match[str], put: str = "") -> str:
    """``question`` without the words ``m`` matched (``put`` in their place), one space between
    words and none before its closing mark."""
    rest = " ".join(f"{question[:m.start()]} {put} {question[m.end():]}".split())
    return re.sub(r"\s+(?=[?.!]+$)", "", rest)


# a topic asked of titles: "papers with the word 'grokking' in the title", "papers whose
# title mentions diffusion", "which papers have LoRA in their titles?" (:func:`_title_asked`)
_QUOTES = "\"'\u201c\u201d\u2018\u2019"
_IN_TITLE = re.compile(
    r"\b(?:(?P<with>with|having|containing)|(?P<verb>have|has|contains?|uses?|mentions?|names?))\s+"
    r"(?:the\s+(?:words?|terms?|phrase)\s+)?(?P<x>[^\s?!][^?!]{0,80}?)\s+in\s+(?:the|their|its|a)\s+titles?"
    r"(?![\s,]+(?:or|and)\s+(?:in\s+)?(?:the\s+|their\s+|its\s+)?(?:abstracts?|text|body)\b)"  # (not
    r"(?=[\s?.!,;]*$|[\s,]+(?:and|or|from|at|by|since|published|accepted|please)\b)"  # "... in the
    # title or abstract": anywhere; nor "... in the title generation task")
    r"|\b(?:whose|where\s+the)\s+titles?\s+(?:contains?|mentions?|includes?|names?|has|have|uses?"
    r"|says?)\s+(?:the\s+(?:words?|terms?|phrase)\s+)?(?P<y>[^\s?!][^?!]{0,80}?)(?=[\s?.!]*$)"
    r"|\btitled\s+with\s+(?P<z>[^\s?!][^?!]{0,80}?)(?=[\s?.!]*$)"
    # ... titles asked for by what they name: "which titles mention LLM?", "titles containing
    # 'agent'", "list all titles with diffusion" (from the start: not "papers that generate
    # titles with LLMs")
    r"|^\s*(?:(?:which|what|any|how\s+many|list|show|find|give|get)(?:\s+(?:me|us))?\s+)?(?:(?:all|the)\s+)?"
    r"(?:paper\s+)?titles?\s+(?:(?:that|which)\s+)?(?:contain(?:s|ing)?|mention(?:s|ing)?"
    r"|includ(?:e|es|ing)|nam(?:e|es|ing)|us(?:e|es|ing)|ha(?:s|ve|ving)|with|say(?:s|ing)?)\s+"
    r"(?!(?:their|its)\b|(?:the\s+)?(?:authors?|venues?|years?|dates?|abstracts?|links?|status)\b)"
    r"(?:the\s+(?:words?|terms?|phrase)\s+)?(?P<t>[^\s?!][^?!]{0,80}?)(?=[\s?.!]*$)", re.IGNORECASE)


# words of a question asking for titles that name no topic ("find new papers with X in the
# title", "what about ones with X in the title?")
_NO_TOPIC_WORDS = frozenset({"ones", "new", "every", "many", "about"})
_IN_TITLE_OR_ABSTRACT = re.compile(
    r"\s+(?:in|within)\s+(?:the|their|its)\s+titles?\s+(?:or|and)\s+(?:in\s+)?(?:the\s+|their\s+"
    r"|its\s+)?abstracts?\b", re.IGNORECASE)


def _title_asked(question: str) -> tuple[str, str, str]:
    """The words ``question`` asks a title to name (:data:`_IN_TITLE`: "grokking" for "show me
    papers with 'grokking' in the title"), with the question without them ("show me papers")
    and with them as its topic ("show me papers on grokking"); (question, question, '') where
    it asks none, or only words no search takes ("papers with 'the' in the title")."""
    if "title" not in question.lower():
        return question, question, ""
    question = _IN_TITLE_OR_ABSTRACT.sub("", question)  # ("X in the title or abstract": X)
    if not (m := _IN_TITLE.search(question)):
        return question, question, ""
    words = next(w for w in (m.group(g) for g in "xyzt") if w).strip(_QUOTES + " ")
    if not query_terms(words):
        return question, question, ""
    verb = (m.group("verb") or "").lower()
    put = (f"is about {words}" if verb in ("has", "contains", "uses", "mentions", "names")
           else f"are about {words}" if verb else f"papers on {words}" if m.group("t")
           else f"on {words}")
    return _taken_out(question, m), _taken_out(question, m, put), words


def _code_asked(question: str) -> tuple[str, bool, bool]:
    """``question`` without the words asking for papers that link their code (:data:`_WITH_CODE`:
    "NeRF papers with code on GitHub": "NeRF papers") or link none (:data:`_WITHOUT_CODE`:
    "papers without code", "drop the ones with code"), whether it asks either, and whether
    it asks for those linking none (not "remove those without code")."""
    for without, pattern in ((True, _WITHOUT_CODE), (False, _WITH_CODE)):
        if m := pattern.search(question):  # ("drop the ones without code": those with it)
            rest = _taken_out(question, m)
            return rest, True, without != bool(_DROP_ONES.fullmatch(rest))
    return question, False, False


def _authors_counted(question: str) -> tuple[str, tuple[int, int] | None, str, str]:
    """``question`` without the words asking how many authors its papers have, the count
    asked as (fewest, most) inclusive, how the first line says it ("with a single author",
    "with more than 20 authors"), and "most" or "fewest" where it asks for the papers with
    the most or fewest authors ("which paper has the most authors?", any count); as it is,
    None, '' and '' where it asks none."""
    m = _AUTHOR_COUNT.search(question)
    if not m:
        return question, None, "", ""
    rest = " ".join(f"{question[:m.start()]} {question[m.end():]}".split())
    if extreme := (m.group("most") or "").lower():
        if re.match(r"\s*(?:who|which\s+(?:authors?|researchers?|people|person))\b",
                    question[:m.start()], re.IGNORECASE):
            return question, None, "", ""  # "who has the most co-authors?": a tally of people
        extreme = "most" if extreme.split()[0] in ("most", "largest", "highest") else "fewest"
        return rest, (1, 10**6), f"with the {extreme} authors", extreme

    def number(word: str) -> int:
        return int(word) if word.isdigit() else _WORD_NUMBERS[word.lower()]
    if m.group("one"):
        counted, said = (1, 1), "with a single author"
    elif m.group("k"):
        n = number(m.group("k"))
        counted, said = (n, n), f"with {n} author{'s' if n > 1 else ''}"
    else:
        n, cmp, more = number(m.group("n")), (m.group("cmp") or "").lower(), m.group("more") or ""
        cmp = " ".join(cmp.split())
        if cmp in ("more than", "over"):
            counted, said = (n + 1, 10**6), f"with more than {n} authors"
        elif cmp == "at least" or more.strip() == "+" or re.match(r"or\s+more", more,
                                                                 re.IGNORECASE):
            counted, said = (n, 10**6), f"with {n} or more authors"
        elif cmp in ("fewer than", "less than", "under"):
            counted, said = (1, max(n - 1, 1)), f"with fewer than {n} authors"
        elif cmp == "at most" or re.match(r"or\s+(?:fewer|less)", more, re.IGNORECASE):
            counted, said = (1, n), f"with {n} or fewer authors"
        else:  # "exactly", "only", or the number alone
            counted, said = (n, n), f"with {n} author{'s' if n > 1 else ''}"
    return rest, counted, said, ""


def _author_placed(question: str) -> tuple[str, str]:
    """``question`` without the words saying its author is the first or last one ("papers
    where Ann Lee is the first author", "papers first-authored by X", "X's last-author papers",
    "papers by X as the senior author": "papers by Ann Lee"), and which ("first" for "first"
    and "lead", "last" for "last" and "senior"); as it is and '' where it says neither."""
    if not (m := re.search(rf"\b{_PLACE}", question, re.IGNORECASE)):
        return question, ""
    place = "first" if re.match(r"first|lead", m.group(0), re.IGNORECASE) else "last"
    asked = question
    for pattern, put in ((rf"\b(?:where|in\s+which|with)\s+(.+?)\s+(?:is|was|as)\s+"
                          rf"(?:the\s+|an?\s+)?{_PLACE}\b", r"by \1"),
                         (rf"\s*,?\s*\b(?:as|is|was)\s+(?:the\s+|an?\s+|its\s+)?{_PLACE}\b", ""),
                         (rf"\b{_PLACE}(?:ed)?\s+(?=(?:papers?\s+)?by\b|papers?\b)", "")):
        question = re.sub(pattern, put, question, flags=re.IGNORECASE)
    return (asked, "") if re.search(rf"\b{_PLACE}", question, re.IGNORECASE) else (question, place)


# a sentence after the question saying what to focus on: "Please focus on regression.", "I'm
# especially interested in X.", "Particularly those on X."
_REFINED = re.compile(
    r"^(?:please\s+)?(?:(?:i\s+am|i['\u2019]m|we\s+are|we['\u2019]re)\s+)?(?:(?:especially|particularly"
    r"|mostly|mainly|primarily|most)\s+)?(?:focus(?:ing)?\s+on|interested\s+in|concentrat(?:e|ing)"
    r"\s+on)\s+(?P<x>[^.!?]+)[.!?]*$|^(?:especially|particularly|in\s+particular)\s*,?\s*(?:(?:those"
    r"|ones|papers|the\s+ones)\s+)?(?:on|about|using|in|for)\s+(?P<y>[^.!?]+)[.!?]*$", re.IGNORECASE)


def _last_asked(question: str) -> str:
    """The question's last sentence where words of context come before it and it asks about a
    topic of its own ("I'm curious. Which papers study conformal prediction?", "We are building
    a robot. Which papers study sim-to-real transfer?"): the context's words ("curious",
    "building", "robot") are no topic to find; without sentences after it asking for all of
    them or thanking (:data:`_AFTERWORD`: "Papers on X. I want all of them."). As it is
    otherwise."""
    sentences = re.split(r"(?<=[.!?])\s+(?=[A-Za-z])", question.strip())  # "... thanks"
    if len(sentences) > 1 and (m := _REFINED.match(sentences[-1])) and _ASKS.match(
            sentences[-2]) and query_terms(x := m.group("x") or m.group("y")):
        # "Which papers study bandits? Please focus on regression.": bandits on regression;
        # "... I'm especially interested in linear bandits.": linear bandits
        asked, x = sentences[-2], x.strip()
        words = [w for w in re.finditer(r"[\w'-]+", asked) if query_terms(w.group(0))]
        sentences[-2:] = [f"{asked[:words[0].start()]}{x}{asked[words[-1].end():]}" if words and (
            {t.lower() for t in query_terms(asked)} <= {t.lower() for t in query_terms(x)})
            else f"{asked.rstrip(' ?.!')} on {x}?"]
    while len(sentences) > 1 and _AFTERWORD.match(sentences[-1]) and query_terms(
            " ".join(sentences[:-1])):
        sentences.pop()
    question = " ".join(sentences)
    # a sentence asking on its own starts with a capital ("Sutton et al. which ..." is one)
    sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z])", question)
    last = sentences[-1]
    return last if len(sentences) > 1 and _ASKS.match(last) and query_terms(last) else question


def _as_typed(topic: str, typed: str) -> str:
    """``topic`` with each compound :meth:`QuestionReader.compounded` made of words ``typed``
    wrote apart written back as typed ("mixture-of-experts" -> "mixture of experts",
    "self-supervised" -> "self supervised"): the answer names the topic as the question did;
    the search keeps the compound."""
    for m in [*_LINKED.finditer(typed), *_PREFIXED.finditer(typed)]:
        spaced = " ".join(m.group(0).split())
        compound = "-".join(re.escape(word) for word in m.groups())
        topic = re.sub(rf"(?<![\w-]){compound}(?![\w-])", lambda _: spaced, topic,  # noqa: B023
                       flags=re.IGNORECASE)  # (used at once)
    return topic


def _without_definitions(question: str) -> str:
    """``question`` without the acronyms it defines in brackets after their long forms
    ("out-of-distribution (OOD) detection": "out-of-distribution detection"): the long form
    names the topic, and the bracket would split its phrase."""
    for acronym, _ in acronym_definitions(question):
        question = re.sub(rf"\s*\(\s*{re.escape(acronym)}s?\s*\)", "", question, count=1)
    return question


_HYPHENATED = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+")
_MODIFIED = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+\s+(?P<noun>.+)")


def _sides(first: str, last: str, joins: str) -> tuple[str, ...]:
    """The sides of "A, B and C" (``first`` "A, B", ``last`` "C"; ``last`` may be joined
    again: "A with B and C"), without the words before a topic ("the papers on A":
    :data:`_SIDE_LEAD`), a qualifier of the last for all ("A and B for X": both for X); none
    where a side names nothing."""
    sides = [x.strip() for x in [*first.split(","), *re.split(joins, last)] if x.strip()]
    sides = [_SIDE_LEAD.sub("", re.sub(r"\beither\s+|\s+papers$", "", x, flags=re.IGNORECASE))
             for x in sides]  # "A and B papers": A and B
    # "model-based and model-free RL", "on-policy or off-policy methods": the last's noun for
    # each hyphenated modifier alone ("LoRA and prefix tuning" stay as they are), with its
    # qualifier ("model-based or model-free methods for offline RL")
    if len(sides) > 1 and (m := _MODIFIED.fullmatch(sides[-1])) and all(
            _HYPHENATED.fullmatch(shown_topic(x)) for x in sides[:-1]):
        sides = [*(f"{x} {m.group('noun')}" for x in sides[:-1]), sides[-1]]
    if sides and (q := _QUALIFIER.search(sides[-1])) and not any(
            _QUALIFIER.search(x) for x in sides[:-1]):
        sides = [*(f"{x} {q.group(0).strip()}" for x in sides[:-1]), sides[-1]]
    return tuple(sides) if len(sides) > 1 and all(query_terms(x) for x in sides) else ()


# a kind of thing and an example of it: "PEFT methods like LoRA", "RLHF alternatives such as
# DPO", "LLMs like GPT-4 and LLaMA" (the papers on either: a paper naming both is rare); not
# "non-differentiable activations such as binary or spiking neurons" (a description)
_KIND_NOUNS = (r"(?:methods|models|techniques|approaches|algorithms|alternatives|architectures"
               r"|optimizers|benchmarks|datasets|frameworks|tools|baselines|variants|metrics|solvers"
               r"|estimators|LLMs|VLMs|LMs|agents)")
_SUCH_AS = re.compile(rf"(?<![\w-])(?P<q>[\w-]+)\s+(?P<x>{_KIND_NOUNS}),?\s+"
                      r"(?:like|such\s+as|e\.g\.,?|including)\s+(?P<y>[\w.+-]+(?:(?:\s+|\s*,\s*)"
                      r"(?!(?:the|this|that|these|those|it|them)\b)[\w.+-]+){0,4})(?=[\s?.!]*$)",
                      re.IGNORECASE)


def _either(query: str) -> tuple[tuple[str, ...], str]:
    """A listing of papers on either topic ("LoRA or adapters", "PEFT methods like LoRA"):
    its sides (:func:`_sides`) and the topic its first line quotes; none where the question
    names no such pair."""
    query = _SUCH_AS.sub(lambda m: (f"{m.group('q')} {m.group('x')} or " if is_term(m.group(
        "q").lower()) else f"{m.group('q')} ") + re.sub(r"\s*,\s*|\s+and\s+", " or ", m.group(
            "y")), query)  # (a kind with no word of its own: "use models such as X": X)
    if (m := _EITHER.search(query)) and (sides := _sides(m.group(1), m.group(2),
                                                         r",|\s+or\s+")):
        return sides, "\u201d or \u201c".join(shown_topic(side) for side in sides)
    return (), ""


def and_list(items: Sequence[str], joined: str = "and") -> str:
    """"a", "a and b", "a, b and c" (``joined`` "or": "a, b or c")."""
    return f" {joined} ".join([", ".join(items[:-1]), items[-1]] if len(items) > 2 else items)


def status_noun(status: str) -> str:
    """"Oral" -> "orals", "Accept (oral)" -> "“Accept (oral)” papers", "Oral or Spotlight"
    -> "orals or spotlights"."""
    if " or " in status:
        return " or ".join(status_noun(part) for part in name_parts(status))
    return (f"{status.lower()}s" if re.fullmatch(r"[A-Za-z]+", status)
            else f"\u201c{status}\u201d papers" if status else "")


def scope_label(f: Filters) -> str:
    """Venue, years, status and session of a filter, in words: "COLT 2024 orals", "papers in
    Poster Session 3 (Wednesday, Dec 13, 08:45 CT)"; ''."""
    label = " ".join(x for x in (f.venue, f.years(), status_noun(f.status)) if x)
    if not f.session:
        return label
    noun = label if f.status else f"{label} papers".strip()
    return f"{noun} {session_where(f.session)}"


def session_where(session: str) -> str:
    """Where papers of these sessions are presented: "in Poster Session 3 (Wednesday, ...)",
    "on Monday", "on Dec 15", "in the afternoon" (a day, date or part of a day the catalog's
    sessions do not name)."""
    if re.fullmatch(rf"(?:{DAYS})|[a-z]{{3}} \d{{1,2}}", session, re.IGNORECASE):
        return f"on {session}"
    if session.lower() in ("morning", "afternoon"):
        return f"in the {session.lower()}"
    return f"in {session_named(session)}"


def session_named(session: str) -> str:
    """Sessions as a line names them: "Poster Session 3 (Wednesday, Dec 13, 08:45 CT)", "Poster
    Session 3 (...) or Poster Session 4 (...)"."""
    return " or ".join(re.sub(r"^([^:]+):\s*(.+)$", r"\1 (\2)", part)
                       for part in name_parts(session))


def held_papers(f: Filters, count: int, author: str = "", also_said: str = "") -> str:
    """The papers a filter (and ``author``) selects, counted, as a first line names them:
    "169 COLT 2024 papers", "42 CoRL 2025 orals", "1,107 papers from 2023", "1 oral from 2025",
    "4 COLT papers from 2024 or later", "10 papers by Yoshua Bengio", "4 papers with authors at
    MIT"."""
    noun = status_noun(f.status) or "papers"
    noun = noun[:-1] if count == 1 and noun.endswith("s") else noun
    years = f.years()  # "2024" after a venue, "from 2024 or later" after the noun
    words = ([f"{count:,}", f.venue, years, noun] if f.venue and re.fullmatch(YEAR, years)
             else [f"{count:,}", f.venue, noun, f"from {years}" if years else ""])
    words += [session_where(f.session) if f.session else "",
              f"with authors at {institutions_said(f.affiliation)}" if f.affiliation else "",
              f"by {author}" if author else "", also_said]
    return " ".join(w for w in words if w)


def scope_named(f: Filters) -> str:
    """What a question naming only these filters lists: "COLT 2024 orals", "authors at MIT",
    "COLT 2024 papers with authors at MIT"; ''."""
    label = scope_label(f)
    if not f.affiliation:
        return label
    return (f"{label}{'' if f.status else ' papers'} with " if label else "") + (
        f"authors at {institutions_said(f.affiliation)}")


def _topic(question: str) -> str:
    """The question's content words, as written (names keep their capitals)."""
    words = [w for w in re.findall(r"[\w'-]+", question) if is_term(w.lower())]
    return " ".join(words) if words else question


# words that may join a topic's content words where it is shown as written
_JOINING = frozenset("for of in on with and to from via by under over without between across "
                     "as".split())


# generic head nouns (stopwords to the search) shown after the topic's last content word
_HEAD_NOUNS = frozenset({"method", "methods", "approach", "approaches"})


def shown_topic(question: str) -> str:
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


def _the_rest(conversation: Conversation, listed: Turn, filters: Filters | None) -> Plan | None:
    """"And the rest?" after a narrowing whose papers (``listed``'s) are all written out: the
    papers of the list it narrowed that it left out; None where no narrowing is of them."""
    narrowed = set(listed.paper_ids)
    narrowing = _narrowing_of(conversation, listed)
    before = _narrowed_from(conversation, narrowing) if narrowing else None
    if before is None:
        return None
    return Plan("listing", "", filters or Filters(), whole_scope=True,
                scope=[p for p in before.paper_ids if p not in narrowed], topic=_name_of(before),
                standalone=f"{before.standalone} (the rest)", rest_of=len(before.paper_ids),
                earlier=before.topic or before.within)


def author_names(author: str) -> frozenset[str]:
    """The names ``author`` gives ("A or B": both), lower case, as a paper's authors are matched
    (:func:`by_any`)."""
    return frozenset(n.lower() for n in name_parts(author))


def by_any(paper: Paper, names: frozenset[str]) -> bool:
    """Whether one of the paper's authors has one of ``names`` (:func:`author_names`)."""
    return any(a.lower() in names for a in paper.authors)


def _of_those(m: re.Match[str]) -> str:
    """The narrowing "which of the first five are X?" or "are any of the 2025 ones X?" asks
    (:data:`_OF_PICKED`, :data:`_OF_THE_ONES`), of a list made of those papers: "Of those,
    which are X?"."""
    verb = "are " if m.group("any") and not re.match(r"(?:is|are)\b", m.group("rest"),
                                                      re.IGNORECASE) else ""
    return f"Of those, which {verb}{m.group('rest')}"


def _narrowing_of(conversation: Conversation, listed: Turn) -> Turn | None:
    """The narrowing ``listed`` is, or the one the turns up to it only summarized ("summarize
    the theoretical ones"); None where there is none, or where a listing of its own came after
    the narrowing ("which papers study X?" listing the same papers)."""
    at = next((i for i, t in enumerate(conversation.turns) if t is listed),
              len(conversation.turns) - 1)
    for turn in reversed(conversation.turns[:at + 1]):
        if set(turn.paper_ids) != set(listed.paper_ids) or not turn.scoped:
            return None  # another list, or a search finding the same papers
        if turn.within:
            return turn
    return None


def _before_narrowing(conversation: Conversation, listed: Turn) -> Turn:
    """The list ``listed``'s papers were narrowed from (:func:`_narrowing_of`,
    :func:`_narrowed_from`), or ``listed`` itself where they were not."""
    narrowing = _narrowing_of(conversation, listed)
    return (_narrowed_from(conversation, narrowing) if narrowing else None) or listed


# the words naming the first list of a conversation ("go back to the original results")
_FIRST_LIST = frozenset({"first", "original", "initial", "very first"})


def _of_the_named(conversation: Conversation, words: str, noun: str | None) -> int | None:
    """The place of the answer "which of the ``words`` papers (``noun``: list, results) ...?"
    narrows: by its topic ("the LoRA papers"); a list by where it came ("the first list", "the
    previous list": _list_named), but "the previous results" are the last answer's (as first
    lines call it "the previous answer"): None, left to the rest of the reading."""
    if not noun:
        return conversation.named(words)
    if noun.lower().startswith("list") or " ".join(words.lower().split()) in _FIRST_LIST:
        return _list_named(conversation, words)
    return None


def _list_named(conversation: Conversation, words: str) -> int | None:
    """The place of the list "go back to the ``words`` list" names: by where it came ("the
    first list", "the original results": the first; "the previous list": the one before the
    last), else by its topic (:meth:`Conversation.named`, ``partly``); None where none is."""
    turns = conversation.turns
    lists = [i for i, t in enumerate(turns) if not t.picked and (t.topic or len(t.paper_ids) > 1)]
    placed = " ".join(words.lower().split())
    if placed in _FIRST_LIST and lists:
        return lists[0]
    back = 2 if lists and lists[-1] == len(turns) - 1 else 1  # (after a pick from the last
    if placed in ("previous", "earlier", "prior", "last but one") and len(lists) >= back:  # list:
        return lists[-back]  # that list)
    return conversation.named(words, partly=True)


def _narrowed_from(conversation: Conversation, of: Turn) -> Turn | None:
    """The list the narrowing ``of`` narrowed: the turn before it its question was asked of
    ("X? (orals)": the one asking "X?"; not an earlier sibling narrowing holding its papers,
    "X? (2025)"), else the last turn before it holding more papers, all of its among them;
    None where none does."""
    at = next(i for i, t in enumerate(conversation.turns) if t is of)
    before = conversation.turns[:at]
    asked_of = re.sub(r"\s*\([^()]*\)$", "", of.standalone)
    return next((t for t in reversed(before) if t.standalone == asked_of
                 and set(of.paper_ids) < set(t.paper_ids)), None) or next(
        (t for t in reversed(before) if set(of.paper_ids) < set(t.paper_ids)), None)


def _name_of(turn: Turn) -> str:
    """What a first line calls ``turn``'s list: its topic, its narrowing's words, or the
    content words of its question."""
    return turn.topic or turn.within or shown_topic(_topic(turn.standalone))


def _titles_asked(question: str) -> str:
    """The listing ``question`` asks the titles of, as a question without "titles": "List the
    papers on X." for "what are the titles of the papers on X?", "List them." for "just the
    titles", "which papers study X?" for "which papers study X? titles only"; '' where it asks
    no titles alone."""
    core = _PLEASE_AFTER.sub("", question.rstrip(" \t\n?.!)"))  # (rstrip: linear; a pattern
    if m := _TITLES_OF.fullmatch(core):  # ending in "[\s?.!]*$" is not, on long runs)
        return (f"List {m.group('rest')}." if m.group("rest") else "List all."
                if m.group("all") else "List them.")
    if (m := _TITLES_AFTER.search(core)) and query_terms(core[:m.start()]):
        return f"{core[:m.start()]}?"
    return ""


def _titles_only(plan: Plan) -> Plan:
    """``plan`` as a listing of titles alone (:attr:`Plan.titles`); as it is where it answers
    otherwise than by listing papers (a reply, a fact, an export, a count by author)."""
    if plan.reply or plan.fact or plan.export or plan.tally:
        return plan
    return replace(plan, kind="listing" if plan.kind == "summary" else plan.kind, titles=True)


def _again(turn: Turn, filters: Filters | None, **how: Any) -> Plan:
    """A listing of ``turn``'s papers again, in its order, on its topic ("how many are there?",
    "show me more", "sort them by year": ``how`` says how)."""
    return Plan("listing", "", filters or Filters(), scope=list(turn.paper_ids), whole_scope=True,
                topic=turn.topic or shown_topic(_topic(turn.standalone)),
                standalone=turn.standalone, **how)


def _on_papers(turn: Turn, ids: Sequence[str], filters: Filters | None, fact: str = "",
               words: str = "") -> Plan:
    """A summary of ``ids`` (of ``turn``'s papers, or the paper its listing was like) on
    ``turn``'s topic and ``words`` (the rest of "what does the first one prove?"), or what the
    catalog gives of each (``fact``: "who wrote it?", "where are its authors from?")."""
    query = f"{_topic(turn.standalone)} {words}" if words else _topic(turn.standalone)
    return Plan("summary", query, filters or Filters(), scope=list(ids),
                topic=_topic(turn.standalone), whole_scope=True, standalone=turn.standalone,
                picked=True, fact=fact)


def _like(paper: Paper, filters: Filters | None) -> Plan:
    """A listing of the papers closest to ``paper`` ("more like the first one", "papers
    similar to it")."""
    title = paper.title or paper.label
    return Plan("listing", title, filters or Filters(), topic=title,
                standalone=f"Which papers are similar to {title}?", like=paper.paper_id)


def area_of(paper: Paper) -> str:
    """The area a paper's "Area · Sub-area" names, as a tally by area counts it."""
    return paper.area.partition(AREA_PARTS)[0].strip()


def _fact_asked(question: str) -> tuple[str, str] | None:
    """What a question asks of one paper (:data:`_PAPER_FACT`, :data:`_IS_STATUS`,
    :data:`_IS_WHEN`: "authors", "when", "status", "abstract" or "affiliations"), and the words
    naming the paper ("Direct Preference Optimization", "the first one"); None where it asks
    none of these."""
    # "where are its authors from?", "who are their authors?"
    question = _ITS.sub(lambda m: f"{m.group('ask')}the {m.group('what')} of "
                        + ("it" if m.group("whose").lower() == "its" else "them"), question)
    m = _PAPER_FACT.match(question) or _IS_STATUS.match(question) or _IS_WHEN.match(question)
    if not m or re.match(r"(?:papers?|works?|articles|research)\b(?!\s*#?\d)", m.group("x"),
                         re.IGNORECASE):  # "who wrote papers on X?": no title ("paper 3":
        # the third listed)
        return None
    return next((k for k, v in m.groupdict().items() if v and k != "x"), "status"), m.group("x")


def _fact_check(question: str) -> str:
    """What a yes-or-no question on a paper asks to check (:attr:`Plan.fact_check`): the venue
    and year of "is it from ICLR 2024?" (:data:`_IS_WHEN`), the status of "is X an oral?"
    (:data:`_IS_STATUS`), with where of "is it a spotlight at NeurIPS 2023?" ("spotlight at
    NeurIPS 2023"); '' for any other question ("is X an oral or a poster?" asks which)."""
    if m := _IS_WHEN.match(question):
        return m.group("when")
    if (m := _IS_STATUS.match(question)) and len(statuses := re.findall(
            r"\b(?:oral|spotlight|poster)\b", question[m.end("x"):], re.IGNORECASE)) == 1:
        where = re.search(r"\b(?:at|in)\s+([\w-]+(?:\s+\d{4})?)[\s?.!]*$", question[m.end("x"):])
        return statuses[0].lower() + (f" at {where.group(1)}" if where else "")
    return ""


def _named_of(question: str, names: Sequence[str]) -> tuple[list[str], str] | None:
    """The one of ``names`` (a tally's, in its order) a question names with nothing else to
    look for ("show me the MIT ones", "what about the Stanford papers?"), and the question
    without it, as :func:`_picked` gives a pick; None where it names none, several, or more."""
    named = [(name, m) for name in names if (m := re.search(
        rf"(?<!\w){re.escape(name)}(?:['\u2019]s)?(?!\w)", question, re.IGNORECASE))]
    named = [(name, m) for name, m in named if not any(  # "Google DeepMind", not "Google"
        name != other and name.lower() in other.lower() for other, _ in named)]
    if len(named) != 1:
        return None
    name, m = named[0]
    rest = re.sub(r"\b(?:ones?|papers?)\b", " ", f"{question[:m.start()]} {question[m.end():]}",
                  flags=re.IGNORECASE)
    return None if query_terms(rest) else ([name], " ".join(rest.split()))


def _of_its_authors(question: str, turn: Turn) -> bool:
    """Whether ``question`` asks for the other papers of the authors of ``turn``'s paper
    (:data:`_AUTHOR_ELSE`): "its first author", "its authors"; "them" only where ``turn`` is on
    one paper ("any other papers by them?" after a list asks for papers besides it)."""
    m = _AUTHOR_ELSE.match(question)
    return m is not None and (len(turn.paper_ids) == 1 or not (m.group("they") or m.group("them")))


def _they_as(who: str, author: str) -> str:
    """``who`` as an author's name: "they" or "them" as ``author`` where one is given."""
    return author if author and who.lower() in ("they", "them") else who


def _besides(plan: Plan, paper: Paper) -> Plan:
    """``plan`` without ``paper``, its first line saying so ("besides “<title>”"): "what else is
    in that session?", "what else did its first author write?"."""
    plan.skip = (*plan.skip, paper.paper_id)
    title = paper.title or paper.label
    plan.also_said = " ".join(x for x in (plan.also_said, f"besides \u201c{title}\u201d") if x)
    return plan


def _pick_first(question: str) -> str:
    """A question led by the listed paper it asks of (:data:`_PICK_LEAD`) as one naming it
    where its words name the paper: "the third one: who wrote it and where are they from?"
    is "who wrote the third one and where are they from?", "for paper 2, who are the
    authors?" is "who are the authors of paper 2?"; any other question as it is."""
    if not (m := _PICK_LEAD.match(question)):
        return question
    pick, rest = m.group("pick"), m.group("rest")
    if _PICK_PRONOUN.search(rest):
        return _PICK_PRONOUN.sub(pick, rest, count=1)
    if re.search(r"\bthe\s+(?:(?:first|last)\s+)?(?:authors?|affiliations|institutions|venue|year"
                 r"|status|decision|abstract)[\s?.!]*$", rest, re.IGNORECASE):
        return f"{rest.rstrip(' ?.!')} of {pick}?"
    return question


def _picked(question: str, listed: Sequence[str]) -> tuple[list[str], str] | None:
    """The papers of a listing (``listed``, in its order) a follow-up picks by their place
    (:data:`_PICKED`: "the first one", "paper 3", "[2] and [5]", "the first (top) three papers",
    "the last one"), and the question without those words; None where it picks none there."""
    def place(word: str) -> int:  # "second": 1, "12th": 11, "last": the list's last
        word = word.lower()
        return (len(listed) - 1 if word == "last" else _ORDINALS[word] if word in _ORDINALS
                else int(word[:-2]) - 1)

    question = re.sub(rf"\bthe\s+top\s+(?=(?:{_N_WORD}|one)\b)", "the first ", question,
                      flags=re.IGNORECASE)  # "the top three": the first three ("the top one":
    # the first one, not a judgement)
    places: list[int] = []
    for m in _PICKED.finditer(question):
        word, n = (m.group("ord") or "").lower(), m.group("n")
        many = (int(n) if n.isdigit() else _NUMBERS[n.lower()]) if n else 1
        if word == "last":
            places += range(len(listed) - many, len(listed))
        elif word:
            places += range(place(word), place(word) + many) if n else [place(word)]
        elif m.group("ords"):  # "the first and the third"
            places += [place(w) for w in re.findall(_ORDINAL_WORD, m.group("ords"),
                                                    re.IGNORECASE)]
        else:
            places += [int(d) - 1 for d in re.findall(r"\d+", m.group(0))]
    ids = [listed[p] for p in dict.fromkeys(places) if 0 <= p < len(listed)]
    return (ids, " ".join(_PICKED.sub(" ", question).split())) if ids else None


def title_names(title: str) -> set[str]:
    """How a question may name the paper titled ``title``: the title, or its part before a
    colon ("HO-SFL" for "HO-SFL: ..."), as plain words (:func:`plain`)."""
    return {name for name in (plain(title), plain(title.split(":")[0])) if name}


def _nearly_titled(title: str, asked: str) -> bool:
    """Whether ``asked`` is nearly the name of the paper titled ``title`` (a few letters
    apart: 90% alike, :func:`rapidfuzz.fuzz.ratio`), the title or its part before a colon
    ("Tree of Thought" for "Tree of Thoughts: ...")."""
    names = title_names(title)
    return any(fuzz.ratio(plain(a), name) >= 90 for a in {asked, asked.split(":")[0]}
               for name in names)


def _titled(title: str, asked: str) -> bool:
    """Whether ``asked`` is the name of the paper titled ``title`` (:func:`title_names`)."""
    return plain(asked) in title_names(title)


def plain(text: str) -> str:
    """``text`` as lowercase words, letters and digits apart ("pi0.5" and the title's
    "$\\pi_{0.5}$" both "pi 0 5")."""
    return " ".join(re.findall(r"[^\W\d_]+|\d+", text.lower()))
