"""Typed errors with sentences a player can read."""


class GameError(Exception):
    pass


class IllegalCommand(GameError):
    """The command is not legal now; the state was not changed."""


class IllegalOptions(GameError):
    pass
