"""Institution names as questions write them and as affiliations do ("MIT", "Massachusetts
Institute of Technology"): the other spellings of a name, and the pattern that finds any of
them in an affiliation (:func:`name_pattern`, used by the catalog's affiliation filter).

Affiliations are matched word by word, with accents folded ("Zurich" finds "Zürich"), any run of
spaces and punctuation between words ("University of California Berkeley" finds "University of
California, Berkeley"); a name under five characters only as written ("MIT", not "smith"), a
longer one in any case.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

__all__ = ["ALL_OF", "INSTITUTIONS", "as_from", "capitalized", "fold", "institution_candidates",
           "institutions_of", "institutions_said", "looks_like_institution", "name_pattern",
           "name_parts", "spellings", "typed_in_lowercase"]

# Spellings naming one institution; a name a question writes finds every spelling of its group.
INSTITUTIONS: tuple[tuple[str, ...], ...] = (
    ("MIT", "Massachusetts Institute of Technology"),
    ("CMU", "Carnegie Mellon"),
    ("UC Berkeley", "University of California, Berkeley"),
    ("UCLA", "University of California, Los Angeles"),
    ("UCSD", "UC San Diego", "University of California, San Diego"),
    ("UIUC", "Urbana-Champaign", "Urbana Champaign"),
    ("UT Austin", "University of Texas at Austin"),
    ("USC", "University of Southern California"),
    ("NYU", "New York University"),
    ("Georgia Tech", "Georgia Institute of Technology"),
    ("Caltech", "California Institute of Technology"),
    ("UCL", "University College London"),
    ("ETH", "ETH Zurich", "Eidgenossische Technische Hochschule"),
    ("EPFL", "Ecole Polytechnique Federale de Lausanne"),
    ("KAIST", "Korea Advanced Institute of Science"),
    ("NUS", "National University of Singapore"),
    ("NTU", "Nanyang Technological University"),
    ("HKUST", "Hong Kong University of Science and Technology"),
    ("CUHK", "Chinese University of Hong Kong"),
    ("SJTU", "Shanghai Jiao Tong University", "Shanghai Jiaotong University"),
    ("PKU", "Peking University"),
    ("USTC", "University of Science and Technology of China"),
    ("TTIC", "Toyota Technological Institute at Chicago"),
    ("DeepMind", "Google DeepMind"),
    ("Meta", "Facebook", "FAIR"),
)


def fold(text: str) -> str:
    """``text`` without accents ("Zürich" -> "Zurich")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


def _key(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\w+", fold(name).lower()))


_GROUPS = {_key(name): group for group in INSTITUTIONS for name in group}


def spellings(name: str) -> tuple[str, ...]:
    """``name`` and the other spellings of its institution (:data:`INSTITUTIONS`), ``name`` as
    the table writes it ("mit" typed in the UI's box: "MIT")."""
    group = _GROUPS.get(_key(name), ())
    name = next((s for s in group if _key(s) == _key(name)), name)
    return (name, *(s for s in group if _key(s) != _key(name)))


def _one(name: str) -> str:
    words = re.findall(r"\w+", fold(name))
    body = r"(?:[^\w\n]|_)+".join(map(re.escape, words))  # within one affiliation
    return body if len(name) < 5 else f"(?i:{body})"


def name_parts(name: str) -> list[str]:
    """The institutions ``name`` names: "MIT or Stanford" two, "MIT" one."""
    return [part for part in re.split(r"\s+or\s+", name.strip()) if part]


@lru_cache(maxsize=256)
def name_pattern(name: str) -> str:
    """A regex finding ``name`` or another spelling of its institution as whole words in folded
    affiliation text (:func:`fold`), any of them where it names several ("MIT or Stanford",
    :func:`name_parts`); '' for a name without a word."""
    alts = [_one(s) for part in name_parts(name) for s in spellings(part) if re.search(r"\w", s)]
    return rf"(?<!\w)(?:{'|'.join(alts)})(?!\w)" if alts else ""


# what stands before an institution: "papers from MIT", "at Stanford", "affiliated with Google"
_LEAD = re.compile(r"\b(?:from|at|affiliated\s+with|collaborations?\s+between|joint\s+(?:papers"
                   r"|work|publications)\s+(?:between|of|by|from))\s+(?:both\s+)?(?:the\s+)?",
                   re.IGNORECASE)  # ("between": of a collaboration only, not "the relationship
# between Google and OpenAI models"; "joint papers of MIT and Stanford")
_NAME_WORD = re.compile(r"[^\W\d_][\w&.'-]*")
_NAME_JOINS = frozenset({"of", "at", "for", "de", "di", "la", "du", "in", "and", "or", "the"})
# between two institutions of one run: "MIT or Stanford", "MIT, Stanford and CMU"
_OR = re.compile(r"\s*,?\s+(?:and|or)\s+(?:the\s+)?", re.IGNORECASE)
_COMMA = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?(?:the\s+)?|" + _OR.pattern, re.IGNORECASE)


# between institutions a paper's authors must all be at ("from both Stanford and Google"):
# :attr:`rag.retrieval.Filters.affiliation` "Stanford & Google"
ALL_OF = " & "


def institutions_said(name: str) -> str:
    """An affiliation filter as a line names it: "MIT", "MIT or Stanford", and institutions
    the papers have authors at all of (:data:`ALL_OF`) "both Stanford and Google", "all of
    MIT, Stanford and CMU"."""
    parts = name.split(ALL_OF)
    if len(parts) == 1:
        return name
    listed = f"{', '.join(parts[:-1])} and {parts[-1]}"
    return f"both {listed}" if len(parts) == 2 else f"all of {listed}"


def _each(run: str, joins: re.Pattern[str]) -> str:
    """The names ``run`` holds between ``joins``, as one name naming each ("MIT or
    Stanford")."""
    return " or ".join(part for part in joins.split(run) if part)


def institution_candidates(text: str) -> Iterator[tuple[str, str]]:
    """The names ``text`` may give an institution by: the run of capitalized words after
    "from", "at" or "affiliated with", joined by "of", "at", "and" and such ("from University
    of Texas at Austin on ...": all of it; "from the DeepMind Control Suite": all of it, so no
    institution), then, where the run has several names, each ("MIT and Stanford": "MIT or
    Stanford"; split at "and"/"or", then at commas too: "University of California, Berkeley or
    Stanford" keeps its comma). Yields (name, the words naming it with their lead), as
    written; the run first."""
    for lead in _LEAD.finditer(text):
        rest = text[lead.end():]
        words = list(_NAME_WORD.finditer(rest))[:12]
        ends = []
        for word in words:
            if not (word.group(0)[:1].isupper() or word.group(0).lower() in _NAME_JOINS) or (
                    re.search(r"[^\w\s,&.'-]", rest[:word.end()])):
                break
            if word.group(0)[:1].isupper():
                ends.append(word.end())
        if ends:
            run, named = rest[:ends[-1]], text[lead.start():lead.end() + ends[-1]]
            yield run, named
            seen = {run}
            for joins in (_OR, _COMMA):
                name = _each(run, joins)
                if name not in seen:
                    seen.add(name)
                    yield name, named


# companies whose labs an affiliation may name ("Google Research", "Microsoft Research Asia")
_COMPANIES = ("Google", "Microsoft", "OpenAI", "NVIDIA", "Amazon", "Apple", "IBM", "Adobe",
              "Salesforce", "Samsung", "Huawei", "Alibaba", "Tencent", "Baidu", "ByteDance", "Intel")
# large labs and universities a name with no word such as "University" may stand for
_LAB_NAMES = (*_COMPANIES, "Stanford", "Harvard", "Princeton", "Berkeley", "Oxford", "Cambridge",
              "Tsinghua", "Mila", "Inria")
_ORG_WORDS = (r"University|Universit[äéà]t?|Institute|College|School|Laborator(?:y|ies)|Labs?"
              r"|Research|Inc|Corporation")
_ORGANIZATION = re.compile(rf"\b(?:{_ORG_WORDS}|{'|'.join(_LAB_NAMES)}|INRIA)\b")


# ... found in any case, named as the list writes them
_COMPANY = re.compile(rf"(?<![\w-])({'|'.join(_COMPANIES)})(?![\w-])", re.IGNORECASE)
_COMPANY_NAMES = {name.lower(): name for name in _COMPANIES}
# a part of an affiliation that is a university, not a department of it
_UNIVERSITY = re.compile(r"\b(?:Universit\w*|Univ\b|College|Institute\s+of\s+Technology)",
                         re.IGNORECASE)


@lru_cache(maxsize=8192)
def institutions_of(affiliation: str) -> tuple[str, ...]:
    """The institutions an affiliation names, each as one name however written, for counting
    papers by institution: "Google Research", "Google Brain" and "Research, Google" are
    "Google"; "Massachusetts Institute of Technology" and "Sloan School of Management,
    Massachusetts Institute of Technology, Boston" are "MIT" (the table's first name);
    "Department of Computer Science, Boston University" is "Boston University"; "UC
    Berkeley+Google" two. Of a comma-separated affiliation, the parts naming an institution of
    the table (:data:`INSTITUTIONS`) or a company, or where it names none of the table, a
    university; else its first part."""
    found: list[str] = []
    for piece in re.split(r"\s*[+/]\s*", affiliation):
        folded = fold(piece)  # the table's names are found in folded text, one length mostly
        table = sorted((m.start(), m.end(), group[0]) for group in INSTITUTIONS
                       for m in re.finditer(name_pattern(group[0]), folded))
        named = [name for *_, name in table]
        for part in re.finditer(r"[^,]+", piece):  # the parts no name of the table is in
            if any(a < part.end() and part.start() < b for a, b, _ in table):
                continue
            if company := _COMPANY.search(part.group(0)):
                named.append(_COMPANY_NAMES[company.group(1).lower()])
            elif _UNIVERSITY.search(part.group(0)) and not table:  # not "University of
                named.append(part.group(0).strip())  # Illinois" of "..., Urbana Champaign"
        found += named or [piece.split(",")[0].strip()]
    return tuple(n for n in dict.fromkeys(found) if n)


# words of an institution's name that name none alone ("Research papers on X")
_GENERIC = re.compile(r"(?:(?:the|of|and|University|Institute|College|School|Laborator(?:y|ies)"
                      r"|Labs?|Research|Inc|Corporation)\b\s*)+", re.IGNORECASE)


def looks_like_institution(name: str) -> bool:
    """Whether ``name`` reads as an institution: one of :data:`INSTITUTIONS`, or a name with a
    word such as "University", "Institute", "Research" or a large lab's; each of several
    (:func:`name_parts`)."""
    return all((len(spellings(part)) > 1 or bool(_ORGANIZATION.search(part)))
               and not _GENERIC.fullmatch(part) for part in name_parts(name))


# a run of capitalized words, joined as in an institution's name ("Carnegie Mellon University",
# "University of Texas at Austin", "MIT and Stanford")
_CAP = r"(?-i:[A-ZÀ-ÖØ-Þ])"
# (at most nine capitalized words: a run as long as the question, tried from each of its words,
# took 3 s on a 19,000-character question in title case)
_RUN = rf"{_CAP}[\w&.'-]*(?:(?:\s+(?:of|at|for|de|and|or|the))*,?\s+{_CAP}[\w&.'-]*){{0,8}}"
_PEOPLE = r"(?:researchers|authors|scientists|people)"
# what "what ... did X publish?" asks for before its verb: "what papers", "what topics does
# X work on?" (rag.answer reads authors in the same frame)
WORK_NOUN = r"(?:papers?|work|research|topics?|areas?|problems?|subjects?|fields?|themes?)"
# an institution naming the papers: "MIT papers", "Which Stanford University papers", "papers
# by MIT researchers", "Google DeepMind's work"
_BEFORE_PAPERS = re.compile(rf"(?:\bby\s+)?(?<![\w&.'-])(?P<name>{_RUN})(?:'s)?\s+(?:(?P<people>{_PEOPLE})"
                            r"|(?P<papers>papers?|work|research|publications|articles))\b")
# an institution as the subject: "What did MIT publish on X?", "What has Google DeepMind
# published about X?", "What does Tsinghua work on?", "Which papers did Mila write on X?",
# "What do MIT researchers study?", "How many papers did Stanford publish in 2025?"
_PUBLISHED = re.compile(rf"^\s*(?:what|which|(?P<many>how\s+many))\s+(?:{WORK_NOUN}\s+)?"
                        rf"(?:did|does|do|has|have)\s+(?:the\s+)?(?P<name>{_RUN})(?:'s)?"
                        rf"(?:\s+{_PEOPLE})?\s+"
                        r"(?:publish(?:ed)?|write|wr[io]tten?|do(?:ne)?|have|has|had"
                        r"|research(?:ed)?|stud(?:y|ied)|work(?:ed)?(?=\s+on\b))\b(?:\s+on\b"
                        r"(?=\s*[?.!]*$))?", re.IGNORECASE)
# "papers by researchers at MIT", "papers written by people from CMU", "papers with authors
# from Stanford", "papers that have an author affiliated with Tsinghua": the researchers are
# the papers' authors
_BY_PEOPLE = re.compile(
    rf"\b(?:(?:(?:written|authored|co-?authored)\s+)?by\s+{_PEOPLE}"
    r"|(?:with|having|has|have)\s+(?:an?\s+|any\s+|some\s+|one\s+or\s+more\s+)?(?:co-?)?"
    r"(?:authors?|researchers?|people|scientists?))\s+(?=(?:at|from|affiliated\s+with)\b)",
    re.IGNORECASE)
# ... and "what did researchers at MIT work on?" asks what MIT did
_PEOPLE_DID = re.compile(rf"\b(did|does|do|has|have)\s+(?:the\s+)?{_PEOPLE}\s+(?:at|from)\s+"
                         r"(?=[A-Z])", re.IGNORECASE)


# a question's own words before a run of capitalized words ("Which MIT papers")
_LEADING = frozenset({"which", "what", "list", "show", "find", "give", "any", "all", "are", "is",
                      "do", "does", "did", "the", "some", "me", "summarize", "summarise",
                      "name", "how", "many", "papers", "by", "from", "of", "and", "or", "at",
                      "for", "de", "compare", "contrast"})


def _institution(run: str) -> str:
    """The institution ``run`` names, less the question's own words before it ("Which MIT":
    "MIT"); '' where what is left does not read as one (:func:`looks_like_institution`)."""
    words = run.split()
    while words and words[0].lower().strip(",") in _LEADING:
        words.pop(0)
    name = re.sub(r"'s$", "", " ".join(words))  # "Google DeepMind's papers"
    return name if name and looks_like_institution(_each(name, _COMMA)) else ""


# how a name of the table or a lab's is written, by its lowercase spelling
_WRITTEN = {s.lower(): s for s in (*(s for group in INSTITUTIONS for s in group), *_LAB_NAMES)}
# lowercase names that are common words too: read as names only after "from" or "at"
_COMMON_WORDS = frozenset({"fair", "meta", "apple", "amazon"})
# a lowercase run of words that may be a name: no word a question asks with ("papers from mit
# on robotics": "mit"; "which mit papers": "mit")
_ASKING = (r"on|about|in|into|to|that|which|who|whose|what|how|why|is|are|was|were|do|does|did"
           r"|has|have|had|with|using|use[sd]?|stud(?:y|ies|ied|ying)|work(?:s|ed)?|publish(?:ed)?"
           r"|papers?|researchers|authors|since|before|after|during|between|from|by|list|show"
           r"|find|give|me|any|all|some|many|summari[sz]e|name|propos\w*|focus\w*|address\w*"
           r"|explor\w*|investigat\w*|than|not|but|except|excluding")
# ... and the words that may join its words ("university of toronto"), which are no word of it
# themselves: a word read both ways made the runs' matching exponential in such words ("the
# the the ...": 2 s at 20, minutes at 40)
_LOWER_JOIN = r"(?:of|at|for|de|and|or|the)"
_LOWER_WORD = rf"(?<![\w'&.-])(?!(?:{_ASKING}|{_LOWER_JOIN})\b)[a-z][\w&.'-]*"
_LOWER_RUN = (rf"{_LOWER_WORD}(?:(?:\s+{_LOWER_JOIN})*,?\s+{_LOWER_WORD}){{0,8}}")  # (as _RUN)
# where a question names an institution: after "from" or "at", before "papers" or
# "researchers", as the subject of "what did X publish/work on"
_LOWER_AFTER = re.compile(rf"\b(?:from|at|affiliated\s+with)\s+(?:the\s+)?(?P<run>{_LOWER_RUN})")
_LOWER_BEFORE = re.compile(rf"(?P<run>{_LOWER_RUN})(?:'s)?\s+(?:{_PEOPLE}|papers?|work|research"
                           r"|publications|articles)\b")
_LOWER_SUBJECT = re.compile(rf"^\s*(?:what|which)\s+(?:{WORK_NOUN}\s+)?(?:did|does|do|has"
                            rf"|have)\s+(?:the\s+)?(?P<run>{_LOWER_RUN})(?:'s)?(?:\s+{_PEOPLE})?"
                            r"\s+(?:publish|write|wr[io]t|do|done|research|stud|work)", re.IGNORECASE)
_WRITTEN_NAME = re.compile(r"(?<![\w-])(?:" + "|".join(
    re.escape(n) for n in sorted(_WRITTEN, key=len, reverse=True)) + r")(?![\w-])")


def typed_in_lowercase(text: str) -> bool:
    """Whether ``text`` has no capital letter but at the start of a sentence and in "I" (a
    question typed casually: "papers from mit at corl 2025. Thanks!")."""
    rest = re.sub(r"(?:^|(?<=[.!?])\s+)[\W\d_]{0,8}[A-Z]|\bI(?=['\u2019]|\b)", "", text.strip())
    # (a sentence's capital after a few marks: "“What", "2. The"; not after any number of them:
    # after each "?" of "? ? ? ...", 7 s)
    return not any(c.isupper() for c in rest)


def capitalized(question: str) -> str:
    """``question`` with the institutions it names written in capitals, where it is typed in
    lowercase (no capital past its first letter): "papers from mit on robotics" -> "papers from
    MIT on robotics", "which google deepmind papers" -> "which Google DeepMind papers", "from
    university of toronto" -> "from University of Toronto". A run of words after "from" or
    "at", before "papers" or "researchers", or asked what it published, is written so where it
    holds a name of :data:`INSTITUTIONS`, a large lab's or university's, or a word such as
    "university" (each of its words then capitalized, but "of", "and" and such); "fair",
    "meta", "apple" and "amazon" only after "from" or "at". The question as it was
    otherwise."""
    if not typed_in_lowercase(question):
        return question

    def write(m: re.Match[str], after: bool) -> str:
        run = m.group("run")
        known = [n for n in _WRITTEN_NAME.findall(run) if after or n not in _COMMON_WORDS]
        if not known and not re.search(rf"\b(?:{_ORG_WORDS})\b", run, re.IGNORECASE):
            return m.group(0)
        named = _WRITTEN_NAME.sub(lambda n: _WRITTEN[n.group(0)]
                                  if after or n.group(0) not in _COMMON_WORDS else n.group(0), run)
        named = re.sub(r"(?<![\w'&.-])[a-z][\w&.'-]*", lambda w: w.group(0) if w.group(0) in _NAME_JOINS
                       else w.group(0)[:1].upper() + w.group(0)[1:], named)
        start, end = m.span("run")
        return m.group(0)[:start - m.start()] + named + m.group(0)[end - m.start():]

    question = _LOWER_SUBJECT.sub(lambda m: write(m, True), question)
    question = _LOWER_AFTER.sub(lambda m: write(m, True), question)
    return _LOWER_BEFORE.sub(lambda m: write(m, False), question)


def as_from(question: str) -> str:
    """``question`` with an institution it names as the papers' ("Which MIT papers study X?",
    "papers by MIT researchers", "What did MIT publish on X?") named after "from" instead
    ("Which papers from MIT study X?"), where it reads as an institution
    (:func:`looks_like_institution`: "What did Kaiyi Ji work on?" stays an author's, "Which
    Transformer papers" a topic's); the question as it was otherwise."""
    question = _PEOPLE_DID.sub(r"\1 ", _BY_PEOPLE.sub("", question))
    if (m := _PUBLISHED.search(question)) and (name := _institution(m.group("name"))):
        ask = "How many" if m.group("many") else "Which"
        return f"{ask} papers from {name}{question[m.end():]}"

    def from_(m: re.Match[str]) -> str:
        name = _institution(m.group("name"))
        if not name:
            return m.group(0)
        lead = m.group("name")[:m.group("name").rindex(name.split()[0])]
        return f"{lead}{m.group('papers') or ''} from {name}"

    return " ".join(_BEFORE_PAPERS.sub(from_, question).split())
