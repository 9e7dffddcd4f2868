"""Runs an action flow: finds whom it is for, asks its questions in turn, runs the line the answers build."""

from __future__ import annotations

from functools import partial

from .flow import Aim, Ask, Choose, Ctx, Flow, Go, Host, Marks, Say, say
from .table import FLOWS
from .targeting import Targeting


class Flows:
    def __init__(self, host: Host, targeting: Targeting) -> None:
        self.host, self.targeting = host, targeting

    def start(self, name: str, answers: dict[str, str] | None = None, aim: Aim | None = None) -> None:
        """The flow of that name (a row of `table.FLOWS`), with some answers already given."""
        flow = FLOWS[name]
        if aim is not None:
            self._begin(flow, Ctx(self.host, aim, dict(answers or {})))
        else:
            self.targeting.aim(flow.aim, lambda found: self._begin(flow, Ctx(self.host, found, dict(answers or {}))))

    def _begin(self, flow: Flow, ctx: Ctx) -> None:
        refused = flow.refuse(ctx)
        if refused is not None:
            if refused.text:
                self.host.warn(refused.text, refused.severity)
            return
        self._on(flow, ctx)

    def _on(self, flow: Flow, ctx: Ctx) -> None:
        """The next question the answers so far leave, or the flow's line once none is left."""
        for step in flow.steps:
            if step.key in ctx.answers or not step.when(ctx):
                continue
            if isinstance(step, Choose):
                given = step.given(ctx)
                if given is not None:
                    ctx.answers[step.key] = given
                    continue
                self.host.questions.choose(say(step.title, ctx), step.choices(ctx),
                                           partial(self._answered, flow, ctx, step.key))
            elif isinstance(step, Ask):
                self.host.questions.ask(say(step.title, ctx), say(step.hint, ctx),
                                        partial(self._answered, flow, ctx, step.key), value=say(step.value, ctx),
                                        allow_empty=step.allow_empty)
            return
        self._run(flow, ctx)

    def _answered(self, flow: Flow, ctx: Ctx, key: str, answer: str) -> None:
        ctx.answers[key] = answer
        self._on(flow, ctx)

    def _run(self, flow: Flow, ctx: Ctx) -> None:
        out = flow.line(ctx)
        if isinstance(out, Go):
            self.start(out.flow, aim=self.targeting.creature(out.cid) if out.cid else None)
        elif isinstance(out, Say):
            if out.text:
                self.host.warn(out.text, out.severity)
        elif out is None:
            return
        elif flow.marks is Marks.NONE:
            self.host.run_line(out)
        else:  # an actor's action used on a target it was asked for: the marks aimed at are spent
            spent = ctx.aim.ids | ctx.aim.on if "on" in ctx.answers else ctx.aim.ids
            self.targeting.hit(out, spent, target=flow.marks is Marks.TARGET)
