"""What a set of papers is about where the catalog gives no areas: the topics their titles name.

A candidate topic is a phrase of one to three words a title writes within one of its parts
(split at ":", ",", "(" ...), neither first nor last word a stopword or "via" ("learning to
rank", not "learning to"). Its papers are those whose titles write it (plural or singular,
hyphen or space, a synonym of :data:`rag.textnorm.SYNONYMS` as its group: "Offline RL" and
"offline reinforcement learning"). Titles write many phrases that are no topic ("towards",
"efficient", "analysis", "benchmark"); what tells a topic is that its papers are alike in
meaning: the mean of their vectors is longer than that of as many papers drawn at random
(:func:`focus`), among all papers (:class:`TopicIndex`) and among those asked about.

Of the papers asked about (:meth:`TopicIndex.themes`), the topics with the most papers times
focus squared are chosen (a phrase many papers write in passing, such as "neural networks",
ranks below a narrower one whose papers are all on it), then shown the most papers first;
not the topic they were found on, nor a phrase nearly all of them write, nor one mostly inside
a topic chosen before it ("diffusion models" once "diffusion" is), and a longer phrase instead
of a shorter one it nearly always extends ("reinforcement learning", not "reinforcement").
Each names its narrower topics (:meth:`TopicIndex._narrower`). A word with an ending is the
shorter word where their papers are alike ("robotic" is "robot": :func:`_variants`).

Trends (:meth:`TopicIndex.trends`) are the topics whose share of a year's papers grew over
the years before by more than chance gives: more surely than any topic grows where the
papers' years are shuffled.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from rag.textnorm import STOPWORDS, SYNONYMS, family_key, with_synonyms

__all__ = ["Theme", "TopicIndex", "Trend", "focus", "title_phrases"]

# where a title's parts end: a phrase never spans these
_PARTS = re.compile(r"[:;,.?!()\[\]{}\"\u201c\u201d\u2014]|\s[-\u2013]\s")
_WORD = re.compile(r"[^\W_]+(?:[-\u2010\u2011][^\W_]+)*")  # "Text-to-Image": one word
_LONGEST = 3
# words no phrase of a title starts or ends with
_EDGE = STOPWORDS | {"via", "toward", "towards", "beyond", "versus", "vs", "without", "within",
                     "across", "among", "along", "upon", "onto", "per", "whether", "based"}
# a longer phrase stands for a shorter one it holds where it has this share of its papers
_EXTENDS = 0.7
# ... or this share, where it is the shorter phrase and the topic the papers were found on
# ("offline reinforcement learning" for "offline" among the papers on RL)
_EXTENDS_ASKED = 0.3
# a phrase is left out where this share of its papers is in one topic already chosen
_INSIDE = 0.5
# ... or this share, where one phrase holds the other ("language models", "large language
# models")
_INSIDE_RELATED = 0.3
# a topic grows beyond chance where it grows more surely than any topic does in all but this
# share of shuffles of the papers' years, of this many
_CHANCE = 0.05
_SHUFFLES = 200
# ... and where none does, this many of the surest rises are shown as within chance
_RISES = 5
# a word is the shorter one it holds with one of these endings ("robotic", "grasping",
# "approximation") where their titles' papers are this alike: the cosine of the means of their
# vectors ("robot" and "robotic" 0.97, "grasp" and "grasping" 0.94; not "sample" and "sampling",
# 0.85, nor "distribution" and "distributional", 0.89)
_ENDINGS = ("ing", "ic", "ical", "al", "ion", "ation", "ed")
_SAME_WORD = 0.9


@dataclass(frozen=True)
class Theme:
    """A topic: as titles write it most often, the ids of its papers, and the narrower topics
    most of them are on, each with its number of them ("bandits": ("linear bandits", 23),
    ("contextual bandits", 18), ...)."""

    name: str
    members: tuple[str, ...]
    narrower: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Trend:
    """A topic growing: as titles write it most often, the ids of its papers of the last year
    asked about and of the years before."""

    name: str
    late: tuple[str, ...]
    early: tuple[str, ...]
    beyond_chance: bool = True


def title_phrases(title: str) -> dict[str, tuple[str, str]]:
    """The phrases of ``title`` that may be topics, each under its key (its words singular in
    lower case, hyphens as spaces, a synonym as its group's canonical token) with the words as
    written and singular: "Diffusion Models for Graphs" -> {"diffusion": ("Diffusion",
    "diffusion"), "model": ("Models", "model"), "graph": ("Graphs", "graph"),
    "diffusionsyn": ("Diffusion Models", "diffusion model"), "model for graph": ("Models for
    Graphs", "model for graph")}."""
    found: dict[str, tuple[str, str]] = {}
    for part in _PARTS.split(title):
        words = _WORD.findall(part)
        for n in range(1, _LONGEST + 1):
            for i in range(len(words) - n + 1):
                gram = words[i:i + n]
                low = [w.lower() for w in gram]
                if (low[0] in _EDGE or low[-1] in _EDGE
                        or any(w.isdigit() or (len(w) == 1 and w.isalpha()) for w in low)):
                    continue
                plain = _plain(low)
                found.setdefault(with_synonyms(plain), (" ".join(gram), plain))
    return found


def _plain(words: Sequence[str]) -> str:
    """Words as a phrase's key holds them: singular, lower case, of their word family."""
    return " ".join(family_key(_singular(w.lower())) for w in words)


def _key(phrase: str) -> str:
    """The key :func:`title_phrases` gives ``phrase`` ("Linear Bandits" -> "linear bandit",
    "RL" -> "rlsyn")."""
    return with_synonyms(_plain(_WORD.findall(phrase)))


def _singular(word: str) -> str:
    """A lower-case word without its plural ending ("policies" -> "policy", "bandits" ->
    "bandit"; not "analysis", "loss", "bias"). Not :func:`rag.textnorm.singular`, which drops
    a plain "s" only ("policie", "processe"): enough for the keys it matches on (six letters),
    not for a phrase shown as a topic."""
    if word in ("series", "species"):
        return word
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "ches", "shes", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _parts_of(phrase: str) -> set[str]:
    """The shorter phrases a phrase's words hold in a row ("graph neural network" ->
    "graph", "neural", "network", "graph neural", "neural network")."""
    words = phrase.split()
    return {" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)
            if j - i < len(words)}


def focus(members: Sequence[int], vectors: np.ndarray, spread: float) -> float:
    """How alike in meaning the papers ``members`` are, beyond chance: 0 for papers drawn at
    random (in expectation), 1 for papers of one vector. ``vectors``: unit rows, one per paper;
    ``spread``: the squared length of the mean of all of them. For n random unit vectors the
    squared length of their mean is on average ``spread + (1 - spread) / n``."""
    n = len(members)
    mean = vectors[list(members)].mean(axis=0)
    chance = spread + (1.0 - spread) / n
    return float((mean @ mean - chance) / max(1.0 - chance, 1e-9))


def _display(forms: Counter[str]) -> str:
    """A phrase as titles write it most often, in lower case but for words that are not plain
    capitalised ("3D", "LLMs", "NeRF" stay)."""
    written = forms.most_common(1)[0][0]
    return re.sub(r"[^\W_]+", lambda m: m.group(0).lower() if m.group(0)[1:].islower()
                  else m.group(0), written)


class TopicIndex:
    """The candidate topics of a catalog's titles, built once: which papers each phrase's
    titles are, and whether those papers are alike in meaning among all papers (a phrase whose
    papers are not, such as "efficient" or "via", is no topic in any part of the catalog).

    ``ids``, ``titles`` and ``vectors``: each paper's id, title and unit vector, in one
    order."""

    def __init__(self, ids: Sequence[str], titles: Sequence[str], vectors: np.ndarray, *,
                 min_papers: int = 3, min_focus: float = 0.1) -> None:
        self.ids = list(ids)
        self.place = {pid: i for i, pid in enumerate(self.ids)}
        self.vectors = vectors
        self.min_papers = min_papers
        phrases = [title_phrases(title) for title in titles]
        # "Robotic Manipulation" and "Robot Manipulation" are one phrase
        self.variants = _variants(phrases, vectors, min_papers)
        if self.variants:
            phrases = [self._respelled(found) for found in phrases]
        # a phrase of fewer titles is never a topic: only the others are kept (most phrases
        # are of one title; keeping them all took 130 MB at 7,486 papers)
        counts = Counter(key for found in phrases for key in found)
        self.members: dict[str, set[int]] = {}
        self.forms: dict[str, Counter[str]] = {}
        self.parts: dict[str, set[str]] = {}  # the keys of the shorter phrases a phrase holds
        self.words: dict[str, set[str]] = {}  # the words of a phrase, singular, as written
        self.joined: dict[str, bool] = {}  # a stopword inside it ("learning for robots")
        plain: dict[str, str] = {}
        for i, found in enumerate(phrases):
            for key, (written, singular_) in found.items():
                if counts[key] < min_papers:
                    continue
                self.members.setdefault(key, set()).add(i)
                self.forms.setdefault(key, Counter())[written] += 1
                plain.setdefault(singular_, key)
                self.parts.setdefault(key, set()).update(_parts_of(singular_))
                self.words.setdefault(key, set()).update(singular_.split())
                self.joined[key] = self.joined.get(key, False) or any(
                    w in _EDGE for w in singular_.split())
        for key, shorter in self.parts.items():
            self.parts[key] = {plain[s] for s in shorter if s in plain and plain[s] != key}
        spread = _spread(vectors, range(len(titles))) if titles else 0.0
        self.topics = {key for key, papers in self.members.items()
                       if focus(sorted(papers), vectors, spread) >= min_focus}
        for table in (self.members, self.forms, self.words, self.joined, self.parts):
            for key in set(table) - self.topics:  # no other phrase is ever a candidate
                del table[key]
        self.parts = {key: shorter & self.topics for key, shorter in self.parts.items()}
        # the words of each topic as titles write it most often, as a key holds words ("GNNs"
        # -> "gnn", "Graph Neural Networks" -> "graph neural network"): once, each theme's
        # narrower topics look at every topic's
        self.shown = {key: _plain(_WORD.findall(forms.most_common(1)[0][0]))
                      for key, forms in self.forms.items()}

    def _respelled(self, found: dict[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
        """A title's phrases (as :func:`title_phrases` gives them) with each word that is
        another's variant as that word, in the key and the singular words."""
        out: dict[str, tuple[str, str]] = {}
        for key, (written, singular_) in found.items():
            out.setdefault(self._respell(key), (written, self._respell(singular_)))
        return out

    def _respell(self, words: str) -> str:
        return " ".join(self.variants.get(w, w) for w in words.split())

    def themes(self, scope: Iterable[str] | None = None, *, most: int = 10,
               max_share: float = 0.9, within_topic: str = "") -> list[Theme]:
        """The topics the titles of the papers ``scope`` (ids; all where None) name most, at
        most ``most``, the most papers first (see the module). A topic needs ``min_papers``
        of them (two among fewer than 30 papers). ``within_topic``: what the papers were found
        on, no topic of them ("reinforcement learning", "reinforcement" and "learning" are
        none of the papers on reinforcement learning; "offline reinforcement learning" is)."""
        within = self._within(scope)
        if len(within) < 2:
            return []
        candidates = self._candidates(within, within_topic, max_share)
        spread = _spread(self.vectors, within)
        weight = {key: f * f for key, papers in candidates.items()
                  if (f := focus(sorted(papers), self.vectors, spread)) > 0}
        chosen = self._pick(sorted(weight, key=lambda k: (-len(candidates[k]) * weight[k], k)),
                            candidates, most)
        chosen.sort(key=lambda kv: (-len(kv[1]), kv[0]))
        # one chosen early that turns out mostly inside a larger one chosen after it
        chosen = [(key, papers) for n, (key, papers) in enumerate(chosen) if not any(
            self._inside(key, papers, other, got) for other, got in chosen[:n]
            if len(got) > len(papers))]
        least = self._least(len(within))
        return [Theme(_display(self.forms[key]), tuple(self.ids[i] for i in sorted(papers)),
                      self._narrower(key, papers, least)) for key, papers in chosen]

    def trends(self, scope: Iterable[str] | None, years: Mapping[str, int | None], late: int,
               *, most: int = 10, within_topic: str = "") -> list[Trend]:
        """The topics whose share of the papers ``scope`` (all where None) grew from the years
        before ``late`` (``years``: each paper's) to ``late`` beyond chance, at most ``most``,
        the surest first (:func:`_growth`): a topic of the catalog (as :meth:`themes`) that
        titles of ``late`` name at least ``min_papers`` times (twice among fewer than 30
        papers), more surely than the surest topic grows in all but :data:`_CHANCE` of
        :data:`_SHUFFLES` shuffles of the papers' years (among hundreds of topics, some grow by
        chance alone: at COLT, "adversarial" went from 0 to 5 of 169 papers, as large a rise as
        the shuffles give). Where none does, the :data:`_RISES` surest rises, each
        ``beyond_chance`` False. None where ``late`` or the years before have no paper, or no
        topic rose."""
        within = self._within(scope)
        late_ = {i for i in within if years.get(self.ids[i]) == late}
        early = {i for i in within if (y := years.get(self.ids[i])) is not None and y < late}
        if not late_ or not early:
            return []
        least = self._least(len(late_))
        candidates = self._candidates(within, within_topic, 0.9)
        keys = sorted(candidates)
        growth = _growths([candidates[k] for k in keys], sorted(late_), sorted(early), least)
        beyond = float(np.quantile(growth[:, 1:].max(axis=0), 1 - _CHANCE)) if keys else 0.0
        rose = {key: float(g) for key, g in zip(keys, growth[:, 0], strict=True) if g > 0}
        grew = {key: g for key, g in rose.items() if g > beyond}
        chosen = self._pick(sorted(grew or rose, key=lambda k: (-rose[k], k)), candidates,
                            most if grew else min(most, _RISES))
        return [Trend(_display(self.forms[key]), tuple(self.ids[i] for i in sorted(papers & late_)),
                      tuple(self.ids[i] for i in sorted(papers & early)), bool(grew))
                for key, papers in chosen]

    def _narrower(self, key: str, papers: set[int], least: int,
                  most: int = 3) -> tuple[tuple[str, int], ...]:
        """The narrower topics of the topic ``key`` most of its ``papers`` are on, at most
        ``most``: phrases holding it ("causal discovery", "causal effects" of "causal", "graph
        neural networks" of "graph" where titles write them so more often than "GNNs"; not
        "learning for long horizon" of "long-horizon", two things joined), each of at least
        ``least`` of them, whose papers are more alike than as many of ``papers`` drawn at
        random, not mostly inside one named before it, the most papers first; a
        longer phrase instead of one it nearly always extends ("markov decision processes",
        not "markov decision")."""
        holding = {k: got for k in self.topics if k != key and not self.joined[k]
                   and (f" {key} " in f" {k} " or f" {key} " in f" {self.shown[k]} ")
                   and len(got := self.members[k] & papers) >= least}
        spread = _spread(self.vectors, papers)  # alike among the topic's papers, as a
        holding = {k: got for k, got in holding.items()  # topic among all ("efficient bandits",
                   if focus(sorted(got), self.vectors, spread) > 0}  # "causal inference": not)
        extended = {short for k, got in holding.items() for short in self.parts[k]
                    if short in holding and len(got & holding[short]) >= _EXTENDS * len(
                        holding[short])}
        named: list[tuple[str, set[int]]] = []
        for k, got in sorted(((k, got) for k, got in holding.items() if k not in extended),
                             key=lambda kv: (-len(kv[1]), kv[0])):
            if not any(self._inside(k, got, other, were) for other, were in named):
                named.append((k, got))
                if len(named) == most:
                    break
        return tuple((_display(self.forms[k]), len(got)) for k, got in named)

    def _least(self, papers: int) -> int:
        """How many of ``papers`` a topic needs: ``min_papers``, two among fewer than 30."""
        return min(self.min_papers, 2) if papers < 30 else self.min_papers

    def _within(self, scope: Iterable[str] | None) -> set[int]:
        return (set(range(len(self.ids))) if scope is None
                else {self.place[pid] for pid in scope if pid in self.place})

    def _candidates(self, within: set[int], within_topic: str,
                    max_share: float) -> dict[str, set[int]]:
        """The topics of the catalog that the titles of the papers at ``within`` name (each
        with those papers): at least ``min_papers`` of them (two among fewer than 30), at most
        ``max_share``, not ``within_topic`` nor a part of it, not a phrase a longer one nearly
        always extends."""
        asked_key = self._respell(_key(within_topic)) if within_topic else None
        spelled = [next((f for f in SYNONYMS[w] if " " in f), "") for w in (
            asked_key or "").split() if w in SYNONYMS]  # "RL": "reinforcement learning" too
        asked = set(self._respell(_plain(_WORD.findall(" ".join([within_topic, *spelled]))))
                    .split())
        cap = max_share * len(within)
        least = self._least(len(within))
        candidates = {key: got for key in self.topics
                      if least <= len(got := self.members[key] & within) <= cap
                      and key != asked_key and not self.words[key] <= asked
                      # nor part of it and more ("learning for robots" of those on RL)
                      and (f" {asked_key} " in f" {key} " or not asked & self.words[key])}
        # "reinforcement" is nearly always "reinforcement learning": the longer phrase stands
        # (not "learning for robot" for "robot": two things joined)
        extended = {short for key, papers in candidates.items() if not self.joined[key]
                    for short in self.parts[key] if short in candidates
                    and len(papers & candidates[short]) >= _EXTENDS * len(candidates[short])}
        if asked_key:  # "offline reinforcement learning" of those on RL, not "offline", where
            # some of the papers say so
            extended |= {short for short, papers in candidates.items() for key in (
                f"{short} {asked_key}", f"{asked_key} {short}") if key in candidates
                and len(papers & candidates[key]) >= _EXTENDS_ASKED * len(papers)}
        return {key: papers for key, papers in candidates.items() if key not in extended}

    def _pick(self, order: Sequence[str], candidates: Mapping[str, set[int]],
              most: int) -> list[tuple[str, set[int]]]:
        """At most ``most`` of ``candidates`` in ``order``, each not mostly inside one picked
        before it, or instead of it where one holds the other and it has more papers."""
        chosen: list[tuple[str, set[int]]] = []
        for key in order:
            papers = candidates[key]
            inside = [n for n, (other, got) in enumerate(chosen)
                      if self._inside(key, papers, other, got)]
            if not inside:
                chosen.append((key, papers))
            elif len(inside) == 1 and self._related(key, chosen[inside[0]][0]) and len(
                    papers) > len(chosen[inside[0]][1]):  # "large language models" (299) for
                chosen[inside[0]] = (key, papers)  # "language models" (258)
            if len(chosen) == most:
                break
        return chosen

    def _related(self, key: str, other: str) -> bool:
        """Whether one of two phrases holds the other."""
        return key in self.parts[other] or other in self.parts[key]

    def _inside(self, key: str, papers: set[int], other: str, got: set[int]) -> bool:
        """Whether the phrase ``key`` (of ``papers``) is mostly inside ``other`` (of ``got``):
        :data:`_INSIDE` of its papers, :data:`_INSIDE_RELATED` where one holds the other."""
        share = _INSIDE_RELATED if self._related(key, other) else _INSIDE
        return len(papers & got) >= share * len(papers)


def _variants(phrases: Sequence[Mapping[str, tuple[str, str]]], vectors: np.ndarray,
              least: int) -> dict[str, str]:
    """The title words that stand for a shorter one (:data:`_ENDINGS`, :data:`_SAME_WORD`):
    "robotic" for "robot", "approximation" for "approximate"; each a word of at least
    ``least`` titles (``phrases``: :func:`title_phrases` of each title, ``vectors`` their
    papers' unit rows)."""
    titles: dict[str, list[int]] = {}
    for i, found in enumerate(phrases):
        for key in found:
            if " " not in key:
                titles.setdefault(key, []).append(i)
    titles = {word: got for word, got in titles.items() if len(got) >= least}

    def centre(word: str) -> np.ndarray:
        mean = vectors[titles[word]].mean(axis=0)
        return mean / max(float(np.linalg.norm(mean)), 1e-9)

    out: dict[str, str] = {}
    for word in sorted(titles, key=len):
        stems = (word, word[:-1]) if word.endswith("e") else (word,)
        for longer in dict.fromkeys(stem + ending for stem in stems for ending in _ENDINGS):
            if (longer in titles and longer not in out and word not in out
                    and float(centre(word) @ centre(longer)) >= _SAME_WORD):
                out[longer] = word
    return out


def _growths(topics: Sequence[set[int]], late: Sequence[int], early: Sequence[int],
             least: int) -> np.ndarray:
    """How surely each topic's share grew from the papers ``early`` to ``late`` (places;
    ``topics``: the places of each topic's papers): :func:`_growth` in column 0, and in each of
    :data:`_SHUFFLES` more columns the same where as many papers drawn at random (the same
    draws for every topic, seeded: an answer is the same each time) were of ``late`` and the
    rest of ``early``; -inf where fewer than ``least`` of the topic's papers are of ``late``."""
    places = [*late, *early]
    column = {place: n for n, place in enumerate(places)}
    rng = np.random.default_rng(0)
    drawn = np.zeros((len(places), _SHUFFLES + 1), np.float32)
    drawn[: len(late), 0] = 1
    for s in range(1, _SHUFFLES + 1):
        drawn[rng.choice(len(places), len(late), replace=False), s] = 1
    out = np.empty((len(topics), _SHUFFLES + 1))
    for start in range(0, len(topics), 256):  # a block of topics at a time: 8 MB at 7,486
        block = np.zeros((min(256, len(topics) - start), len(places)), np.float32)  # papers
        for row, papers in enumerate(topics[start:start + 256]):
            block[row, [column[p] for p in papers if p in column]] = 1
        grown = block @ drawn
        out[start:start + len(block)] = np.where(grown >= least, _growth(
            grown, len(late), block.sum(axis=1, keepdims=True) - grown, len(early)), -np.inf)
    return out


def _growth(late: np.ndarray, n_late: int, early: np.ndarray, n_early: int) -> np.ndarray:
    """How surely a topic's share grew from ``early`` of ``n_early`` papers to ``late`` of
    ``n_late`` (element-wise): the two-proportion z statistic (a large topic's small rise and a
    small one's large rise alike), 0 where neither has a paper of it."""
    pooled = (late + early) / (n_late + n_early)
    spread = np.sqrt(pooled * (1 - pooled) * (1 / n_late + 1 / n_early))
    rise = late / n_late - early / n_early
    return np.divide(rise, spread, out=np.zeros_like(rise, dtype=float), where=spread > 0)


def _spread(vectors: np.ndarray, places: Iterable[int]) -> float:
    """The squared length of the mean of the vectors at ``places``."""
    mean = vectors[sorted(places)].mean(axis=0)
    return float(mean @ mean)
