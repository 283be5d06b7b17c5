"""The end of a match: its last board (the result, Rematch, the replay and the record), the
animated replay and the record's notes (hints, take-backs, seats computer players took over)."""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from catalogue import tr
from games.record import format_record, record_for
from games.replay import spectator_views
from renderers.replay import frame_positions, render_replay

from ..components import Claim, MatchButton
from ..kits import GameKit
from ..layout import final_layout
from ..model import Match, level_name
from ..service import MatchService
from .moment import Moment

log = logging.getLogger(__name__)

UPLOAD_LIMIT = 10_000_000  # bytes: Discord refuses larger attachments
REPLAY_LIMIT = UPLOAD_LIMIT - 500_000  # the final board's picture and the record travel with the replay


def replay_file(match: Match, picture: bytes) -> discord.File:
    return discord.File(io.BytesIO(picture), filename=f"match-{match.id}-replay.gif")


def replay_picture(kit: GameKit, match: Match, log_rows: list[tuple[int, str]]) -> bytes:
    """(In a worker thread.) The replay: the spectator's view at evenly spread moments, drawn by the
    game's board picture, so nothing hidden appears in it."""
    positions = frame_positions(len(log_rows) + 1)
    views = spectator_views(kit.engine, len(match.seats), match.seed, match.options, log_rows, positions)
    return render_replay(views, names=list(match.shown_names), draw=kit.pictures.board)


class Endings:
    """The messages of a match's end, in the language spoken (the board's)."""

    def __init__(self, service: MatchService) -> None:
        self.service = service

    async def final_board(self, moment: Moment, top: str) -> tuple[list[discord.File], discord.ui.LayoutView]:
        """The last board, short enough for a phone: the result and Rematch first, then one picture:
        the replay, whose still frame is the final position (or that position alone when no replay
        could be made), then the seed and the record in small print."""
        match, presenter, scene = moment.match, moment.presenter, moment.scene
        result = presenter.final_text(scene) if match.state.is_over else early_end_text(match)
        items = []
        if match.status == "finished":
            items.append(
                MatchButton(
                    Claim(match.id, match.version, "rematch"),
                    label=tr("Rematch"),
                    style=discord.ButtonStyle.primary,
                )
            )
        position = moment.alt(scene.public)
        replay = await self.replay(match)
        if replay is not None:
            picture = replay_file(match, replay)
            alt = tr("Replay of the match, opening on its final position. {position}", position=position)
        else:
            picture, alt = await moment.board(), position
        record = f"match-{match.id}-record.txt"
        again = (
            tr("`/match replay {id}` shows the replay again", id=match.id)
            if replay is not None
            else tr("`/match replay {id}` makes an animated replay", id=match.id)
        )
        small = tr(
            "🔓 Seed `{seed}` (its SHA-256 commitment was posted when the match started) · the record below "
            "replays every action · {again}",
            seed=match.seed,
            again=again,
        )
        layout = final_layout(f"{top}\n{result}", items, picture.filename, alt, small, record)
        return [picture, await self.record_file(match, record)], layout

    async def record_file(self, match: Match, filename: str) -> discord.File:
        log_rows = await self.service.action_log(match.id)
        record = record_for(
            match.game_id,
            match.seed,
            match.options,
            match.names,
            log_rows,
            match_id=match.id,
            finished=match.status != "active",
        )
        notes = await self.record_notes(match)
        text = format_record(record) + "".join(f"# {note}\n" for note in notes)
        return discord.File(io.BytesIO(text.encode()), filename=filename)

    async def replay(self, match: Match) -> bytes | None:
        """The match's animated replay (a GIF of its public boards), made in a worker thread; None
        when it can't be made or is too large to upload (logged: the messages go out without it)."""
        kit = self.service.kit(match)
        log_rows = await self.service.action_log(match.id)
        try:
            picture = await asyncio.to_thread(replay_picture, kit, match, log_rows)
        except Exception:
            log.exception("Making the replay of match %s failed", match.id)
            return None
        if len(picture) > REPLAY_LIMIT:
            log.warning("The replay of match %s is too large to upload (%d bytes)", match.id, len(picture))
            return None
        return picture

    async def record_notes(self, match: Match) -> list[str]:
        """What the record's lines can't say: seats computer players took over, hints, and take-backs."""
        notes = []
        for seat in match.seats:
            if seat.computer and seat.left_user_id:
                notes.append(
                    tr(
                        "P{number}: its player (user {user}) left; "
                        "a computer player ({level}) played the seat from then on.",
                        number=seat.seat + 1,
                        user=seat.left_user_id,
                        level=level_name(seat.computer),
                    )
                )
        for ply, seat, suggestion in await self.service.hints_of(match.id):
            notes.append(
                tr(
                    "Hint: P{number} asked before action {action_number} (suggested {suggestion}).",
                    number=seat + 1,
                    action_number=ply + 1,
                    suggestion=suggestion,
                )
            )
        for ply, seat, action in await self.service.takebacks_of(match.id):
            notes.append(
                tr(
                    "Taken back, as the others agreed: P{number}'s action {action_number} ({action}).",
                    number=seat + 1,
                    action_number=ply + 1,
                    action=action,
                )
            )
        if match.end_reason == "draw":
            notes.append(tr("Ended here by the players' agreement: a draw."))
        return notes


def early_end_text(match: Match) -> str:
    reason, _, user = (match.end_reason or "").partition(":")
    if reason == "draw":
        return tr("🤝 The players agreed to end the match here: a draw.")
    if reason == "cancelled":
        return tr("🛑 This match was cancelled by <@{user}>.", user=user)
    quitter = match.seat_of(int(user))
    others = [seat for seat in range(len(match.seats)) if seat != quitter]
    result = (
        tr("**{player}** wins.", player=match.label(others[0]))
        if len(others) == 1
        else tr("The match ends here without a winner; the others share a draw.")
    )
    if reason == "timeout":
        return tr(
            "⏱️ **{player}** ran out of time on the turn clock and forfeits. {result}",
            player=match.label(quitter),
            result=result,
        )
    return tr("🏳️ **{player}** resigned. {result}", player=match.label(quitter), result=result)
