"""In-app rules help for Terrene Odyssey (our own summary of the rulebook)."""

HELP = """\
Terrene Odyssey — how to play (our summary)

Goal: bring the opposing side from 50 HP to 0, or leave it with no characters. In a
best-of-three set, win two games; the loser of a game picks who goes first next.

Setup: a coin decides who goes first. Each player secretly picks a regular (non-Storm)
terrain, four different characters of 0-1 SP (face-down) and four different items or
commands, one behind each character. The preset decks offer their printed opening plans as
one-click choices. Decks are shuffled, terrains flip, and the first turn begins. The first
player cannot attack on the game's first turn; in 1v1 the second player gets one extra
action on their first turn.

Your turn: Restock (unspent actions are lost; your terrain gives new ones), start-of-turn
abilities, draw a card (an empty deck costs 1 SP instead; 0 SP loses; a card effect's
draw from an empty deck just draws nothing), then act:
  Recruit (1 action): flip a hidden character face-up, or play one from your hand.
  Hide (free): play a character from your hand face-down (always 1 SP).
  Attack (1 action; Haste 0; Slow +1): each recruited character once per turn.
  Assign: put an item or command from your hand face-down behind a character without one.
  Use an ability or activate an assigned card (pay its actions). Commands need their
    classes, spells a Spellcaster, traps a recruited Tactician in your party.
  Switch terrain (once per turn), trade face-down cards between two allies (once per
    turn), dismiss a character or card (take the damage on it), run (concede), end turn.

The chain: attacks, abilities and player actions (recruit, hide, assign, trade, terrain
switch, dismiss) go on the chain. Everyone in turn may respond with quick abilities (Pass
when you are done); when all pass, the last link resolves first. Where you can only Pass,
the table passes for you (Settings: Priority stops). Each trigger is used once per chain.
An oversupply dismissal cannot be responded to; negation stops effects and attacks only.

Battle: after the attack resolves, the defender may block with one recruited, unstunned
character. The blocker takes ATK - DEF (Stab ignores DEF) and deals nothing back unless it
has Retaliate. Damage beyond a defeated character's HP (overkill) hits the player. Each
block gives the blocker -5 DEF until its owner's next turn (stacking, never below 0; only
blocking lowers DEF). A
defeating character gains XP equal to the defeated LV and climbs its terrain's XP tree.

Supply: you control 4 SP (3 each in 2v2). Going over forces you to dismiss at once.
2v2: seats alternate teams (Players 1 and 3 against 2 and 4); a team shares 50 HP.
"""
