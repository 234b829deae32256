"""Short rule summaries for /colt rules and /colt help (from ../shared/RULES.md)."""

from __future__ import annotations

TOPICS = {
    "overview": (
        "**Colt Express** — 3 to 6 bandits rob a train over 5 rounds; the richest wins.\n"
        "Each round: **Schemin'** (everyone plays action cards onto a common pile, in secret order of "
        "turns) then **Stealin'** (the pile resolves in the order played). Then the round card's event."
    ),
    "planning": (
        "**Schemin'**: on your turn play one action card on the pile, or draw 3. Tunnel turns: cards go "
        "face down. Speeding-up: two actions in a row. Switching: the turn goes the other way round. "
        "Bullet cards are dead: they cannot be played. Ghost may hide his first card of the round."
    ),
    "actions": (
        "**Move**: inside, to the next car; on the roof, 1 to 3 cars. **Change floor**: inside ↔ roof. "
        "**Fire**: inside, at a bandit in an adjacent car; on the roof, at the nearest bandit in sight "
        "either way. **Rob**: take one loot where you stand. **Punch**: a bandit where you stand drops a "
        "loot of your choice and is knocked to an adjacent car. **Marshal**: move the marshal one car."
    ),
    "marshal": (
        "Nobody stays inside the marshal's car: a bandit who meets him takes a neutral bullet and flees "
        "to the roof. Bullets clog your deck."
    ),
    "powers": (
        "Ghost: first card face down. Doc: 7 cards. Tuco: fires through the roof. Cheyenne: keeps a "
        "purse she punches loose. Belle: cannot be targeted while someone else can. Django: his shots "
        "push the victim one car away."
    ),
    "events": (
        "Round events: Angry Marshal, Swivel Arm, Braking, Take It All!, Passengers' Rebellion. Station "
        "(last round): Pickpocketing, Marshal's Revenge, Hostage-Taking of the Conductor."
    ),
    "scoring": (
        "Purses $250–$500, jewels $500, strongboxes $1000. The Gunslinger (most bullets fired) earns "
        "$1000. Tie: fewest bullets received wins."
    ),
}

HELP = (
    "**Playing Colt Express here**\n"
    "• `/colt new` opens a lobby: join, pick a bandit, the host sets options and starts.\n"
    "• The game gets its own channel (or thread). Everyone can watch; a picture follows every action.\n"
    "• Plan your cards in your DMs with the buttons. DMs closed? Press **Show my hand** in the game "
    "channel or use `/colt hand`.\n"
    "• Short of players? The host adds AI bandits in the lobby (easy, normal or hard).\n"
    "• Every decision has a time limit (the host picks it). When time is up the AI decides for you; "
    "after three in a row it keeps your bandit until you press **I'm back**. `/colt leave` in a "
    "running game hands your bandit to the AI the same way.\n"
    "• `/colt status`, `/colt rules`, `/colt leave`, `/colt abandon`, `/colt stats`."
)
