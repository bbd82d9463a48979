"""Solo play against Rachel (1人用ゲーム): the engine plays her seat inside `Game.apply`.

She never has a decision of her own: every choice comes from the number system on the back of
her action deck (`numbers`), and the game's PRNG only shuffles. Modules by area: `deck`
(cards, difficulty), `numbers`, `setup`, `turn` (phases 1-3), `actions`, `launch`, `travel`,
`bonus` (her funding bonuses), `goals` and `scoring`.
"""

KIND = "rachel"
NAME = "Rachel"
SEAT = 1  # she always sits after you: you are the first player
