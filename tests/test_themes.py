"""The topics a set of papers' titles name (rag.themes), on made-up titles and vectors."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from rag.themes import TopicIndex, focus, title_phrases

DIM = 32


def _catalog() -> tuple[list[str], list[str], np.ndarray]:
    """Papers in three groups alike in meaning (reinforcement learning, diffusion models,
    language models) and 24 unlike any other; "Efficient" starts every fourth title and
    half of the others, "Models" a third of them (words titles share that are no topic)."""
    rng = np.random.default_rng(7)
    centers = {name: rng.normal(size=DIM) for name in ("rl", "diffusion", "llm")}
    parts = {name: rng.normal(size=DIM) for name in ("offline", "robot")}
    titles: list[tuple[str, str]] = []
    words = ("Walking", "Grasping", "Pushing", "Sorting", "Stacking", "Folding")
    titles += [("rl offline", f"{w} and Offline Reinforcement Learning") for w in words]
    titles += [("rl robot", f"Reinforcement Learning for Robot {w}") for w in words]
    titles += [("diffusion", f"Diffusion Models for Image Task {i}") for i in range(10)]
    titles += [("llm", f"Large Language Models as Tool {i}") for i in range(5)]
    titles += [("llm", f"Reasoning in LLMs {i}") for i in range(3)]
    titles += [("llm", f"Language Models Count Thing {i}") for i in range(2)]
    titles += [("", f"Topic Number {i} Studied{' with Models' * (i % 3 == 0)}")
               for i in range(26)]
    titles = [(group, f"Efficient {title}" if i % 4 == 0 or (not group and i % 2) else title)
              for i, (group, title) in enumerate(titles)]
    vectors = np.stack([sum((centers.get(g, 0.0) + 0.7 * parts.get(g, 0.0)
                             for g in group.split()), np.zeros(DIM)) + 0.15 * rng.normal(size=DIM)
                        if group else rng.normal(size=DIM) for group, _ in titles])
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return [f"p{i}" for i in range(len(titles))], [t for _, t in titles], vectors


def test_title_phrases_are_runs_of_words_within_a_part_keyed_by_meaning() -> None:
    """One to three words of one part of the title (not across ":" or ","), no stopword or
    "via" at either end, hyphenated words whole, plurals singular, synonyms as one key."""
    found = title_phrases("Offline RL via Text-to-Image Diffusion Models: a Survey, Revisited")
    assert found["offline rlsyn"] == ("Offline RL", "offline rl")
    assert found["text to image diffusionsyn"][0] == "Text-to-Image Diffusion Models"
    assert found["diffusionsyn"] == ("Diffusion Models", "diffusion model")
    assert "survey" in found and "revisited" in found
    assert not any(key.endswith(" via") or key.startswith("via ") for key in found)
    assert not any("survey" in key and key != "survey" for key in found)  # not across ":"
    assert title_phrases("Policies for Bandits")["policy"] == ("Policies", "policy")
    assert "private" in title_phrases("Privacy")  # one family
    assert "series" in title_phrases("Time Series")


def test_focus_is_near_zero_for_papers_drawn_at_random_and_high_for_alike_ones() -> None:
    ids, _, vectors = _catalog()
    mean = vectors.mean(axis=0)
    spread = float(mean @ mean)
    alike = focus(range(12), vectors, spread)  # the reinforcement learning papers
    unlike = focus(range(32, 58), vectors, spread)  # the papers unlike any other
    assert alike > 0.5 > 0.1 > unlike
    assert len(ids) == 58


def test_themes_are_the_phrases_titles_share_whose_papers_are_alike() -> None:
    """The groups' topics, the most papers first, each with its papers: "reinforcement
    learning" (not "reinforcement", which it nearly always extends; "offline reinforcement
    learning" is inside it), "large language models" written as "LLMs" too and chosen over
    "language models" (which holds it, with fewer papers), "diffusion models"; never
    "Efficient"."""
    ids, titles, vectors = _catalog()
    topics = TopicIndex(ids, titles, vectors)
    found = {t.name: t.members for t in topics.themes()}
    assert list(found) == ["reinforcement learning", "diffusion models", "large language models"]
    assert found["reinforcement learning"] == tuple(f"p{i}" for i in range(12))
    assert found["large language models"] == tuple(f"p{i}" for i in range(22, 30))
    assert "efficient" not in {key for key in topics.members if key in topics.topics}


def test_themes_of_some_papers_leave_out_their_own_topic_and_the_papers_elsewhere() -> None:
    """Within the reinforcement learning papers: "offline reinforcement learning" and
    "robot" (none of the phrases of what they were found on, nor one of more than half of
    them); counts among the scope only; a scope of one paper has no themes."""
    ids, titles, vectors = _catalog()
    topics = TopicIndex(ids, titles, vectors)
    rl = ids[:12]
    found = {t.name: len(t.members) for t in topics.themes(rl, within_topic="RL")}
    assert "reinforcement learning" not in found and "learning" not in found
    assert found.get("offline reinforcement learning") == 6
    assert found.get("robot") == 6
    assert all(set(t.members) <= set(rl) for t in topics.themes(rl))
    assert topics.themes(["p0"]) == []
    assert len(topics.themes(ids, most=2)) == 2


def test_a_catalog_without_titles_or_vectors_has_no_themes() -> None:
    topics = TopicIndex(["a", "b", "c"], ["", "", ""], np.eye(3, DIM))
    assert topics.themes() == []
    assert TopicIndex([], [], np.zeros((0, DIM))).themes() == []


def test_trends_are_the_topics_whose_share_grew_into_the_last_year() -> None:
    """The diffusion papers are all of 2025, the reinforcement learning ones of 2023: of the
    papers of 2025 and before, diffusion models grew, reinforcement learning did not; with
    no paper before the year asked about, or none of it, nothing is seen growing."""
    ids, titles, vectors = _catalog()
    topics = TopicIndex(ids, titles, vectors)
    years = {pid: 2025 if 12 <= i < 22 else 2023 if i < 12 else 2024 if i % 2 else 2025
             for i, pid in enumerate(ids)}
    trends = topics.trends(ids, years, 2025)
    assert trends and trends[0].name == "diffusion models"
    assert trends[0].late == tuple(f"p{i}" for i in range(12, 22)) and trends[0].early == ()
    assert "reinforcement learning" not in {t.name for t in trends}
    assert topics.trends(ids, years, 2023) == []  # nothing before 2023
    assert topics.trends(ids, years, 2030) == []  # nothing of 2030


def test_a_rise_that_shuffled_years_give_as_often_is_no_trend() -> None:
    """Of 58 papers, half of each year: the diffusion papers 6 of 2025 and 4 of 2024 (a rise
    in share, z 0.7), the language model ones 7 and 3 (z 1.4): among the topics of a catalog
    some rise by chance alone, and these rise no more than the surest topic does in most
    shuffles of the years, so no topic is trending: the surest rises come flagged so (both
    were shown as trends, the surest first)."""
    ids, titles, vectors = _catalog()
    topics = TopicIndex(ids, titles, vectors)
    diffusion, llm = range(12, 22), range(22, 32)
    late = {0, 1, 6, *diffusion[:6], *llm[:7], *range(32, 45)}  # 29 of 2025, 29 of 2024
    years = {pid: 2025 if i in late else 2024 for i, pid in enumerate(ids)}
    assert sum(y == 2025 for y in years.values()) == 29
    trends = topics.trends(ids, years, 2025)
    assert "diffusion models" in {t.name for t in trends}, trends
    assert not any(t.beyond_chance for t in trends)
    years = {pid: 2025 if 12 <= i < 22 else 2023 if i < 12 else 2024 if i % 2 else 2025
             for i, pid in enumerate(ids)}  # as in the test before: beyond chance
    assert all(t.beyond_chance for t in topics.trends(ids, years, 2025))


def test_a_topic_within_the_one_asked_about_is_named_with_it() -> None:
    """Among the papers on bandits, "linear bandits" (4 of the 6 titles with "linear"), not
    "linear": a subtopic is shown by the phrase naming it with the topic asked about, where
    enough of its titles say so; "Bandits" and "bandit" are one key, "Schrödinger" one word."""
    rng = np.random.default_rng(3)
    center, part = rng.normal(size=DIM), rng.normal(size=DIM)
    titles = [f"{w} Linear Bandits" for w in ("Alpha", "Beta", "Gamma", "Delta")]
    titles += ["Linear Models in Bandit Case One", "Linear Models in Bandit Case Two"]
    titles += [f"Bandit Paper {w}" for w in ("Red", "Blue", "Green", "Gold", "Grey", "Pink")]
    titles += [f"Schrödinger Bridges {w}" for w in ("Up", "Down", "Left")]
    vectors = np.stack([center + (1.0 if "Linear" in t else 0.0) * part
                        + 0.1 * rng.normal(size=DIM) for t in titles[:12]]
                       + [rng.normal(size=DIM) + 3 * part[::-1] for _ in titles[12:]])
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ids = [f"q{i}" for i in range(len(titles))]
    topics = TopicIndex(ids, titles, vectors)
    found = {t.name: len(t.members) for t in topics.themes(ids[:12], within_topic="Bandits")}
    assert found.get("linear bandits") == 4 and "linear" not in found, found
    assert "schrödinger bridges" in {t.name for t in topics.themes()}


def _grouped(groups: Sequence[Sequence[str]], seed: int) -> TopicIndex:
    """A catalog of ``groups`` of titles, each group's papers alike in meaning, and 24 titles
    unlike any other."""
    rng = np.random.default_rng(seed)
    titles, rows = [], []
    for group in groups:
        center = rng.normal(size=DIM)
        titles += group
        rows += [center + 0.2 * rng.normal(size=DIM) for _ in group]
    for i in range(24):
        titles.append(f"Lone Study {chr(65 + i)}")
        rows.append(rng.normal(size=DIM))
    vectors = np.stack(rows)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return TopicIndex([f"g{i}" for i in range(len(titles))], titles, vectors)


def test_a_word_with_an_ending_is_the_shorter_word_where_their_papers_are_alike() -> None:
    """"Robotic" titles and "Robot" ones alike in meaning: one topic, named as most titles
    write it, and "robotic grasping" is "robot grasping"; "Sampling" titles unlike the
    "Sample" ones: two topics (each was a topic of its own: "robot" 5, "robotic" 3)."""
    topics = _grouped([
        [f"Robot Grasping {w}" for w in ("Red", "Blue")]
        + [f"Robot Walking Task {w}" for w in ("Up", "Down", "Left")]
        + [f"Robotic Grasping {w}" for w in ("Gold", "Grey", "Pink")],
        [f"Sample {w}" for w in ("Red", "Blue", "Gold", "Grey")],
        [f"Sampling {w}" for w in ("Up", "Down", "Left", "Right")]], seed=5)
    assert topics.variants == {"robotic": "robot"}
    found = {t.name: len(t.members) for t in topics.themes()}
    assert found.get("robot") == 8 and "robotic" not in found, found
    assert found.get("sample") == 4 and found.get("sampling") == 4, found
    assert len(topics.members["robot grasping"]) == 5  # "Robotic Grasping" too
    assert topics.forms["robot grasping"].most_common(1)[0][0] == "Robotic Grasping"


def test_a_topic_names_its_narrower_topics_whose_papers_are_alike() -> None:
    """"Bandits" (14 titles) holds "linear bandits" (7 titles, two of them "Efficient Linear
    Bandits", alike among them) and four titles starting "Efficient" (two of each group of
    meaning, no more alike than bandit papers are): the first is named as its narrower topic,
    with its number of papers, no phrase of the others is."""
    linear = [f"Linear Bandits: Case {w}" for w in "ABCDE"]
    other = [f"Bandits: Setting {w}" for w in "FGHIJ"]
    efficient = ["Efficient Linear Bandits K", "Efficient Bandits L", "Efficient Linear "
                 "Bandits M", "Efficient Bandits N"]
    rng = np.random.default_rng(11)
    center, part = rng.normal(size=DIM), rng.normal(size=DIM)
    titles = [*linear, *other, *efficient] + [f"Lone Study {chr(65 + i)}" for i in range(24)]
    vectors = np.stack([center + (2.0 if "Linear" in t else 0.0) * part + 0.3 * rng.normal(
        size=DIM) for t in titles[:14]] + [rng.normal(size=DIM) for _ in titles[14:]])
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    topics = TopicIndex([f"b{i}" for i in range(len(titles))], titles, vectors)
    themes = {t.name: t for t in topics.themes()}
    assert len(themes["bandits"].members) == 14, themes
    assert themes["bandits"].narrower == (("linear bandits", 7),)


def test_a_narrower_topic_is_named_as_titles_write_it_most_often() -> None:
    """"Graph Neural Networks" (five titles) and "GNNs" (two) are one phrase: of "graph" it
    is named as most titles write it, not "graph neural", the run of its words that the
    titles of "graph" share."""
    gnn = [f"Graph Neural Networks: Case {w}" for w in ("Red", "Blue", "Gold", "Grey", "Pink")]
    kernels = [f"Graph Kernels: Set {w}" for w in ("Up", "Down", "Left", "Right")]
    titles = [*gnn, "GNNs: Study Up", "GNNs: Study Down", *kernels,
              *(f"Lone Study {chr(65 + i)}" for i in range(24))]
    rng = np.random.default_rng(13)
    center, part, other = (rng.normal(size=DIM) for _ in range(3))
    vectors = np.stack([center + 0.5 * (part if "N" in t.split(":")[0] else other)
                        + 0.3 * rng.normal(size=DIM) for t in titles[:11]]
                       + [rng.normal(size=DIM) for _ in titles[11:]])
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    topics = TopicIndex([f"n{i}" for i in range(len(titles))], titles, vectors)
    themes = {t.name: t for t in topics.themes()}
    assert themes["graph"].narrower == (("graph neural networks", 5), ("graph kernels", 4))
