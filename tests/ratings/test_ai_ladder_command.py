"""``manage.py ratings_ai_ladder``: master is on the ladder by default, and ``--out`` keeps the
table so far after every game (a tournament cut short still has its numbers)."""

from __future__ import annotations

from django.core.management import call_command

from ratings.management.commands.ratings_ai_ladder import DEFAULT_LEVELS


def test_master_is_a_default_level():
    assert DEFAULT_LEVELS == ("random", "heuristic", "expert", "master")


def test_out_holds_the_table_after_every_game(tmp_path, capsys):
    out = tmp_path / "ladder.md"
    call_command(
        "ratings_ai_ladder",
        "--presets", "two_player", "--games", "2", "--levels", "random,heuristic",
        "--target", "5", "--seed", "t", "--out", str(out),
    )  # fmt: skip
    printed = capsys.readouterr().out
    table = out.read_text()
    assert table.startswith("| preset | games (hands) | level |")
    assert "| two_player | 2 (" in table
    assert "2 games," in table
    rows = [line for line in table.splitlines() if line.startswith("| two_player")]
    assert {row.split("|")[3].strip() for row in rows} == {"random", "heuristic"}
    assert all(row in printed for row in rows)  # the same table as printed
