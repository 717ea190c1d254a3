"""Type stubs of the Rust extension dlxrs._dlxrs (see its docstrings)."""

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from os import PathLike
from typing import Any, Optional, Union, final

__version__: str
"""The package's version (the Rust crate's)."""
MAX_COST: int
"""The largest cost of an option, and of a solution: 2**64 - 2."""
MAX_BEST: int
"""The largest k of `Problem.min_cost`: 2**20."""

Label = Hashable
Entry = Union[Hashable, tuple[Hashable, Hashable], str]
"""An option's entry: a label, (label, color), or "label:color"."""

class DlxError(Exception):
    """Base class of the errors of dlxrs."""

class BuildError(DlxError):
    """An item, bounds or option was refused; the problem is unchanged."""

class ParseError(DlxError):
    """Malformed DLX text."""

    line: int
    column: int

class CostError(DlxError):
    """The min-cost search cannot answer."""

class MemoError(DlxError):
    """The memoised search (Problem.zdd) does not take this problem."""

class LimitReached(DlxError):
    """The time limit stopped a search before it finished."""

    solutions: Any
    """What it had found: a count, the best solutions so far, or the parts cut
    (None for Problem.zdd)."""
    nodes: int

@final
class Part:
    """One part of a cut of the search tree (see `Problem.cut`)."""

    def __init__(self, depth: int, index: int, choices: Iterable[Optional[int]]) -> None: ...
    @property
    def depth(self) -> int: ...
    @property
    def index(self) -> int: ...
    @property
    def choices(self) -> tuple[Optional[int], ...]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Solutions(Iterator[list[Any]]):
    """A lazy iterator over a problem's solutions (see `Problem.solutions`):
    lists of options, each its entries (or its number, with indices=True).
    One next() at a time: another thread's next() meanwhile raises
    ValueError; close() works from any thread."""

    def __iter__(self) -> "Solutions": ...
    def __next__(self) -> list[Any]: ...
    @property
    def found(self) -> int:
        """The number of solutions given so far."""
    def close(self) -> None:
        """Ends the iteration and its search thread."""

@final
class ZddStats:
    """What the memoised search did (see `Zdd.stats`)."""

    @property
    def nodes(self) -> int:
        """Subproblems searched."""
    @property
    def hits(self) -> int:
        """Subproblems found in the memo."""
    @property
    def entries(self) -> int:
        """Subproblems in the memo at the end."""
    @property
    def zdd_nodes(self) -> int:
        """Nodes of the diagram."""
    def _asdict(self) -> dict[str, int]: ...

@final
class ZddSolutions(Iterator[list[Any]]):
    """A lazy iterator over the solutions of a `Zdd` (see `Zdd.solutions`).
    One next() at a time, as for `Solutions`."""

    def __iter__(self) -> "ZddSolutions": ...
    def __next__(self) -> list[Any]: ...
    @property
    def found(self) -> int:
        """The number of solutions given so far."""
    def close(self) -> None:
        """Ends the iteration and its walk."""

@final
class Zdd:
    """The decision diagram of every solution of a problem (see `Problem.zdd`).
    It keeps a copy of the problem's options: changing or dropping the
    problem leaves it as it was."""

    def count(self) -> int:
        """The number of solutions, exactly, however large."""
    def __len__(self) -> int:
        """The number of nodes (terminals not counted)."""
    @property
    def stats(self) -> ZddStats: ...
    def sample(self, *, seed: Optional[int] = None, indices: bool = False) -> Optional[list[Any]]:
        """A solution drawn uniformly at random, or None if there is none."""
    def samples(
        self, n: int, *, seed: Optional[int] = None, indices: bool = False
    ) -> list[list[Any]]:
        """n independent uniform draws (with repeats); [] if there is no solution.
        n is at most 2**20 (ValueError past it: see iter_samples)."""
    def iter_samples(
        self, n: Optional[int] = None, *, seed: Optional[int] = None, indices: bool = False
    ) -> "ZddSamples":
        """The draws of samples(n, seed=seed), lazily; n=None: without end."""
    def solutions(self, *, indices: bool = False) -> ZddSolutions: ...
    def to_text(self) -> str:
        """`zdd NODES ROOT`, then `ID OPTION LO HI` per node, children first."""
    def write(self, path: Union[str, bytes, "PathLike[str]", "PathLike[bytes]"]) -> None: ...

@final
class ZddSamples(Iterator[list[Any]]):
    """A lazy iterator of uniform draws from a `Zdd` (see `Zdd.iter_samples`)."""

    def __iter__(self) -> "ZddSamples": ...
    def __next__(self) -> list[Any]: ...

@final
class Problem:
    """An exact-cover problem with items named by hashable labels.

    Safe to share between threads: reads, pickling, changes and other
    searches go on while a search runs (each search answers for the problem
    as it was when it started). A label whose __hash__ or __eq__ calls back
    into its problem gets RuntimeError."""

    def __init__(
        self,
        primary: Optional[Iterable[Label]] = None,
        secondary: Optional[Iterable[Label]] = None,
        options: Optional[Iterable[Iterable[Entry]]] = None,
        *,
        bounds: Optional[Mapping[Label, tuple[int, int]]] = None,
        costs: Optional[Iterable[int]] = None,
    ) -> None: ...
    @staticmethod
    def from_options(
        options: Iterable[Iterable[Entry]],
        primary: Optional[Iterable[Label]] = None,
        secondary: Optional[Iterable[Label]] = None,
        *,
        costs: Optional[Iterable[int]] = None,
    ) -> "Problem": ...
    def add_primary(self, label: Label, lo: Optional[int] = 1, hi: Optional[int] = 1) -> None: ...
    def add_secondary(self, label: Label) -> None: ...
    def set_bounds(self, label: Label, lo: int, hi: int) -> None: ...
    def add_option(self, items: Iterable[Entry], cost: Optional[int] = 0) -> int: ...
    def add_options(
        self, options: Iterable[Iterable[Entry]], costs: Optional[Iterable[int]] = None
    ) -> None: ...
    def __len__(self) -> int: ...
    @property
    def primary_items(self) -> list[Any]: ...
    @property
    def secondary_items(self) -> list[Any]: ...
    @property
    def bounds(self) -> dict[Any, tuple[int, int]]: ...
    @property
    def kind(self) -> str:
        """"exact", "colors" or "multiplicities"."""
    def option(self, i: int) -> list[Any]: ...
    def cost(self, i: int) -> int: ...
    def count(
        self,
        *,
        limit: Optional[int] = None,
        threads: Optional[int] = 1,
        time_limit: Optional[float] = None,
        rule: Optional[str] = None,
        reduce: bool = False,
    ) -> int: ...
    def solutions(
        self,
        *,
        limit: Optional[int] = None,
        time_limit: Optional[float] = None,
        rule: Optional[str] = None,
        seed: Optional[int] = None,
        reduce: bool = False,
        indices: bool = False,
    ) -> Solutions: ...
    def first_solution(
        self,
        *,
        time_limit: Optional[float] = None,
        rule: Optional[str] = None,
        seed: Optional[int] = None,
        indices: bool = False,
    ) -> Optional[list[Any]]: ...
    def min_cost(
        self,
        k: Optional[int] = 1,
        *,
        time_limit: Optional[float] = None,
        disjoint_bound: bool = False,
        indices: bool = False,
    ) -> list[tuple[int, list[Any]]]: ...
    def zdd(
        self,
        *,
        rule: Optional[str] = None,
        max_entries: Optional[int] = None,
        max_memory: Optional[int] = None,
        time_limit: Optional[float] = None,
    ) -> Zdd:
        """The decision diagram of every solution, by the memoised search (DXZ)."""
    def reduce(self) -> tuple["Problem", list[int]]: ...
    def cut(self, depth: int, *, time_limit: Optional[float] = None) -> list[Part]: ...
    def count_parts(
        self,
        parts: Sequence[Part],
        *,
        threads: Optional[int] = 1,
        time_limit: Optional[float] = None,
    ) -> int: ...
    def count_each_part(
        self,
        parts: Sequence[Part],
        *,
        threads: Optional[int] = 1,
        time_limit: Optional[float] = None,
    ) -> list[tuple[int, int, int, float]]:
        """(index, solutions, nodes, seconds) of each part, in the cut's order."""

def read_dlx(path: Union[str, bytes, "PathLike[str]", "PathLike[bytes]"]) -> Problem: ...
def parse_dlx(text: str) -> Problem: ...
def rules() -> list[str]: ...
def sudoku_solve(order: int, cells: bytes, time_limit: Optional[float] = None) -> Optional[bytes]: ...
def sudoku_count(
    order: int, cells: bytes, limit: Optional[int] = None, time_limit: Optional[float] = None
) -> int: ...
