"""A member's matches across servers, as /games lists them: one indexed query over the live
matches' rows and seats, never their states."""

from __future__ import annotations

import json
from itertools import groupby

from ..model import MyGame, Seat
from .base import Store


class Inbox(Store):
    async def games_of(self, user_id: int) -> list[MyGame]:
        """Every open lobby and match in progress `user_id` holds a seat in (not one they resigned),
        in every server, oldest first. The live matches are walked through their own index
        (`matches_live`), so the member's finished matches, however many, cost nothing."""
        rows = await self.db.fetchall(
            "SELECT m.id, m.game, m.guild_id, m.channel_id, m.thread_id, m.status, m.lobby_message_id,"
            " m.board_message_id, COALESCE(m.clock_due_at, m.reminder_due_at, m.vacancy_due_at, m.lobby_expires_at)"
            " AS deadline, m.to_move, m.vacancy_json, s.seat, s.user_id, s.display_name, s.accepted, s.computer"
            " FROM matches m JOIN seats s ON s.match_id = m.id WHERE m.status IN ('lobby', 'active')"
            # Looked up per live match (present, not resigned): as a join, PostgreSQL's cached plan
            # would walk every seat the member ever held, finished matches' too.
            " AND (SELECT me.resigned FROM seats me WHERE me.match_id = m.id AND me.user_id = ?) = 0"
            " ORDER BY m.id, s.seat",
            (user_id,),
        )
        games = []
        for _, group in groupby(rows, key=lambda row: row["id"]):
            seats = list(group)
            first = seats[0]
            if first["game"] not in self.engines:
                continue
            vacancy = json.loads(first["vacancy_json"]) if first["vacancy_json"] else None
            if first["status"] == "lobby":
                waiting = [row for row in seats if not row["accepted"]]
            elif vacancy:  # play is paused while the others vote on a seat left empty
                waiting = [
                    row
                    for row in seats
                    if row["user_id"] is not None
                    and row["seat"] != vacancy["seat"]
                    and str(row["user_id"]) not in vacancy["votes"]
                ]
            else:
                to_move = set(json.loads(first["to_move"] or "[]"))
                waiting = [row for row in seats if row["seat"] in to_move]
            games.append(
                MyGame(
                    match_id=first["id"],
                    game_id=first["game"],
                    guild_id=first["guild_id"],
                    channel_id=first["channel_id"],
                    thread_id=first["thread_id"],
                    status=first["status"],
                    lobby_message_id=first["lobby_message_id"],
                    board_message_id=first["board_message_id"],
                    deadline=first["deadline"],
                    paused=vacancy is not None,
                    seat=next(row["seat"] for row in seats if row["user_id"] == user_id),
                    waiting_for=tuple(
                        Seat(
                            row["seat"],
                            row["user_id"],
                            row["display_name"],
                            bool(row["accepted"]),
                            False,
                            None,
                            computer=row["computer"],
                        )
                        for row in waiting
                    ),
                )
            )
        return games

    async def note_whose_turn(self) -> None:
        """Matches going since before the bot kept `to_move` get it from their state, once."""
        rows = await self.db.fetchall("SELECT id FROM matches WHERE status = 'active' AND to_move IS NULL")
        for row in rows:
            match = await self.load(row["id"])
            if match is not None and match.state is not None:
                await self.db.execute(
                    "UPDATE matches SET to_move = ? WHERE id = ? AND to_move IS NULL",
                    (json.dumps(list(match.state.to_move)), match.id),
                )
