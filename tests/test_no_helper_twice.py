"""No test helper is written twice: a helper two files need lives in `helpers.py` (a fixture in
`conftest.py`), and no test file writes its own version of a helper of `helpers.py` under its name.
(A module may still override a conftest fixture with its own setup, as pytest means it to.)"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).parent
SHARED = ("helpers.py", "conftest.py")


def helpers_of(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
            and not n.name.startswith("test_")]


def body_key(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str:
    """The body as the parser reads it, its docstring left out: the same code however it is laid out."""
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return ast.dump(ast.Module(body=body, type_ignores=[]), annotate_fields=False)


def trees() -> dict[str, ast.Module]:
    return {str(p.relative_to(TESTS)): ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted(TESTS.rglob("*.py"))}


def test_no_two_helpers_have_the_same_body() -> None:
    seen: dict[str, list[str]] = defaultdict(list)
    for path, tree in trees().items():
        for fn in helpers_of(tree):
            if fn.body and not (len(fn.body) == 1 and isinstance(fn.body[0], ast.Pass)):
                seen[body_key(fn)].append(f"{path}:{fn.name}")
    twice = [where for where in seen.values() if len(where) > 1]
    assert not twice, f"written twice, share it from helpers.py: {twice}"


def test_no_file_writes_its_own_version_of_a_shared_helper() -> None:
    every = trees()
    shared = {fn.name for fn in helpers_of(every["helpers.py"])}
    own = sorted(f"{path}:{fn.name}" for path, tree in every.items() if path not in SHARED
                 for fn in helpers_of(tree) if fn.name in shared)
    assert not own, f"these shadow a helper of helpers.py or conftest.py: {own}"


def test_the_check_sees_a_copy() -> None:
    """The check itself: two copies of one helper, laid out differently, are found."""
    a = ast.parse("def one(x):\n    '''doc'''\n    return x + 1\n")
    b = ast.parse("def other(y):\n    return (x + 1)\n")
    c = ast.parse("def third(x):\n    return x + 2\n")
    keys = [body_key(helpers_of(t)[0]) for t in (a, b, c)]
    assert keys[0] == keys[1] != keys[2]
