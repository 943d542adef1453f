/* The 易双六 play-out of rules/yosukou/simulate.py (sword policy "goal", no 戦乱置換) in C,
 * game for game the same: the same SplitMix64 draws, the same shuffles, the same rule code as
 * rules/yosukou/engine.py's Table. Only the puzzle generator's simulations use it, through
 * rules/yosukou/fastsim.py, which compiles it with the system's C compiler; the tests check
 * its counts against the Python engine's, game for game. Cards are indices into
 * fastsim.CARDS (the 56 minors, then A00 and A13). */
#include <stdint.h>
#include <string.h>

#define NCARDS 58
#define CAP 64
enum { SW, CO, D4, D5, D6, H1, H2, H3, DIS, NPILES };
enum { ATK, DEF, PAIN, JOY, CU_UP, CU_DOWN, WA_UP, WA_DOWN };

static const uint64_t GAMMA = 0x9E3779B97F4A7C15ULL;

typedef struct {
    int simplified, terminals, greater_equal, start, terminal, drawn, token, over, pending;
    int goal_a, goal_b;
    const int *value; /* per card */
    const char *suit; /* per card: S D H C, or A */
    const int *vals;  /* 7 x 8: position 1..6 */
    int stack[CAP], nstack;
    int pile[NPILES][CAP], npile[NPILES];
    uint64_t rng;
} Table;

static uint64_t below(uint64_t *state, uint64_t n) {
    /* limit = 2^64 - (2^64 mod n); with n < 2^64, 2^64 mod n == (2^64 - n) mod n. */
    uint64_t rem = (0 - n) % n;
    uint64_t limit = 0 - rem; /* 0 stands for 2^64: every z is below it */
    for (;;) {
        uint64_t z;
        *state += GAMMA;
        z = *state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        if (rem == 0 || z < limit) return z % n;
    }
}

static void shuffle(int *items, int len, uint64_t *state) {
    for (int i = len - 1; i > 0; i--) {
        int j = (int)below(state, (uint64_t)(i + 1));
        int t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

#define A(p, k) (t->vals[(p) * 8 + (k)])
#define V(c) (t->value[c])

static int fwd(int p) { return p % 6 + 1; }
static int rev(int p) { return (p + 4) % 6 + 1; }
static int opp(int p) { return p <= 3 ? p + 3 : p - 3; }
static int home_pile(int p) { return p >= 4 ? p - 2 : p + 4; }

static void put(Table *t, int card, int pile) { t->pile[pile][t->npile[pile]++] = card; }

static int take(Table *t, int pile, int index, int dest) {
    int *p = t->pile[pile];
    int card = p[index];
    memmove(p + index, p + index + 1, sizeof(int) * (size_t)(t->npile[pile] - index - 1));
    t->npile[pile]--;
    put(t, card, dest);
    return card;
}

static int first_max(const Table *t, int pile) {
    int best = -1, best_value = -1;
    for (int i = 0; i < t->npile[pile]; i++) {
        int v = V(t->pile[pile][i]);
        if (v > best_value) best = i, best_value = v;
    }
    return best;
}

static int total(const Table *t, int pile) {
    int s = 0;
    for (int i = 0; i < t->npile[pile]; i++) s += V(t->pile[pile][i]);
    return s;
}

static void terminal_drawn(Table *t, int card) {
    t->drawn++;
    if (t->drawn < t->terminals) {
        int pool[CAP], n = 0;
        for (int i = t->nstack - 1; i >= 0; i--) pool[n++] = t->stack[i];
        pool[n++] = card;
        for (int i = 0; i < t->npile[DIS]; i++) pool[n++] = t->pile[DIS][i];
        shuffle(pool, n, &t->rng);
        for (int i = 0; i < n; i++) t->stack[i] = pool[n - 1 - i];
        t->nstack = n;
        t->npile[DIS] = 0;
    } else {
        t->over = 1;
    }
}

static void original(Table *t, int card) {
    char suit = t->suit[card];
    int s = V(card), p = t->token;
    if (p >= 4) {
        int coins = p - 2;
        if (suit == 'S') {
            int target = p - 1, mi = first_max(t, coins);
            int mv = mi >= 0 ? V(t->pile[coins][mi]) : 0;
            if (mv + A(target, DEF) > s + A(target, PAIN)) {
                put(t, card, SW);
                t->token = target;
            } else {
                put(t, card, DIS);
                if (mi >= 0) take(t, coins, mi, p < 6 ? p - 1 : CO);
            }
        } else if (suit == 'D') {
            put(t, card, coins);
        } else if (suit == 'H') {
            int target = fwd(p);
            int moves = s + A(p, CU_UP) > A(target, WA_UP);
            put(t, card, home_pile(opp(p)));
            if (moves) t->token = target;
        } else { /* wand */
            int target = p - 3, cups = home_pile(target), ci = first_max(t, cups);
            int cv = ci >= 0 ? V(t->pile[cups][ci]) : 0;
            int lhs = s + A(p, WA_UP) + cv + A(target, CU_DOWN);
            int rhs = total(t, coins) + A(p, JOY);
            put(t, card, DIS);
            if (ci >= 0 && lhs > rhs) {
                take(t, cups, ci, DIS);
                t->token = target;
            } else {
                int mi = first_max(t, coins);
                if (mi >= 0) take(t, coins, mi, CO);
            }
        }
    } else {
        int cups = p + 4;
        if (suit == 'D') {
            int target = p + 1;
            if (s + A(p, PAIN) > A(target, JOY)) {
                put(t, card, home_pile(opp(p)));
                t->token = target;
            } else {
                put(t, card, CO);
            }
        } else if (suit == 'C') {
            int target = rev(p), base = s + A(p, WA_DOWN), floor = A(target, CU_DOWN);
            int chosen = -1, chosen_value = 0;
            for (int i = 0; i < t->npile[cups]; i++) {
                int v = V(t->pile[cups][i]);
                if (base > v + floor && (chosen < 0 || v < chosen_value)) chosen = i, chosen_value = v;
            }
            put(t, card, DIS);
            if (chosen >= 0) {
                take(t, cups, chosen, DIS);
                t->token = target;
            }
        } else if (suit == 'S') {
            int target = p + 3;
            int lhs = s + A(p, ATK) + total(t, CO);
            int rhs = A(target, DEF) + total(t, SW) + total(t, target - 2);
            if (lhs > rhs) {
                t->pending = card;
            } else {
                put(t, card, DIS);
                int ci = first_max(t, cups);
                if (ci >= 0) take(t, cups, ci, DIS);
            }
        } else { /* cup */
            put(t, card, cups);
        }
    }
}

/* (F Minor value, index in q's F-pile or -1 when F Major stands in) */
static int f_minor(const Table *t, int q, int *index) {
    int pile = home_pile(q);
    int i = first_max(t, pile);
    *index = i;
    return i < 0 ? A(q, PAIN) : V(t->pile[pile][i]);
}

static void judge(Table *t, int card, int p, int target, int lower_sword) {
    int i_from, i_to;
    int f_from = f_minor(t, p, &i_from), f_to = f_minor(t, target, &i_to);
    int lhs = V(card) + f_from, rhs = A(target, ATK) + f_to;
    int wins = t->greater_equal ? lhs >= rhs : lhs > rhs;
    if (!wins) {
        put(t, card, DIS);
        if (i_to >= 0) take(t, home_pile(target), i_to, DIS);
    } else if (lower_sword) {
        t->pending = card;
    } else {
        put(t, card, DIS);
        if (i_from >= 0) take(t, home_pile(p), i_from, DIS);
        t->token = target;
    }
}

static void simplified(Table *t, int card) {
    char suit = t->suit[card];
    int p = t->token;
    if (suit == 'S' || suit == 'C') {
        int target;
        if (p >= 4)
            target = suit == 'S' ? p - 1 : p - 3;
        else
            target = suit == 'S' ? p + 3 : rev(p);
        judge(t, card, p, target, suit == 'S' && p <= 3);
    } else if (suit == 'D') {
        if (p >= 4) {
            put(t, card, p - 2);
        } else {
            put(t, card, home_pile(p + 3));
            t->token = p + 1;
        }
    } else if (p >= 4) {
        put(t, card, home_pile(p - 3));
        t->token = fwd(p);
    } else {
        put(t, card, p + 4);
    }
}

static void choose(Table *t, int move) {
    int card = t->pending, p = t->token;
    t->pending = -1;
    if (t->simplified) {
        put(t, card, DIS);
        if (move) {
            int i_from;
            f_minor(t, p, &i_from);
            if (i_from >= 0) take(t, home_pile(p), i_from, DIS);
            t->token = p + 3;
        }
    } else if (move) {
        for (int pile = SW; pile <= CO; pile++)
            while (t->npile[pile]) take(t, pile, 0, DIS);
        put(t, card, SW);
        t->token = p + 3;
    } else {
        int cups = p + 4;
        while (t->npile[cups]) take(t, cups, 0, DIS);
        put(t, card, DIS);
    }
}

static int in_goal(const Table *t, int q) { return q == t->goal_a || q == t->goal_b; }

/* play_on with sword policy "goal": STAY only on a goal that MOVE would leave. */
static int play_on(Table *t) {
    while (!t->over) {
        int card = t->stack[--t->nstack];
        if (card == t->terminal)
            terminal_drawn(t, card);
        else if (t->simplified)
            simplified(t, card);
        else
            original(t, card);
        if (t->pending >= 0) choose(t, !(in_goal(t, t->token) && !in_goal(t, t->token + 3)));
    }
    return in_goal(t, t->token);
}

/* ``games`` games from one position, the talon shuffled afresh for each (as
 * rules.yosukou.puzzles.option_wins): ``fresh`` — a new game from ``start`` (the stack given
 * in new_talon's order, shuffled then reversed, piles empty); otherwise the position's stack
 * (top at the end) shuffled, then MOVE (``first_move``) or STAY on its pending lower sword.
 * Returns the wins; the generator's state after them goes to ``*rng``. */
int yosukou_play(int simplified_rules, int terminals, int greater_equal, const int *value,
                 const char *suit, const int *vals, int start, int goal_a, int goal_b,
                 int terminal, int drawn, int token, int fresh, int pending, int first_move,
                 const int *stack, int nstack, const int *piles, const int *npiles, int games,
                 uint64_t *rng) {
    Table base, t;
    int wins = 0;
    memset(&base, 0, sizeof base);
    base.simplified = simplified_rules;
    base.terminals = terminals;
    base.greater_equal = greater_equal;
    base.value = value;
    base.suit = suit;
    base.vals = vals;
    base.start = start;
    base.goal_a = goal_a;
    base.goal_b = goal_b;
    base.terminal = terminal;
    base.drawn = drawn;
    base.token = token;
    base.pending = -1;
    base.nstack = nstack;
    memcpy(base.stack, stack, sizeof(int) * (size_t)nstack);
    for (int i = 0; i < NPILES; i++) {
        base.npile[i] = npiles[i];
        memcpy(base.pile[i], piles + i * CAP, sizeof(int) * (size_t)npiles[i]);
    }
    for (int g = 0; g < games; g++) {
        t = base;
        shuffle(t.stack, t.nstack, rng);
        if (fresh) {
            for (int i = 0, j = t.nstack - 1; i < j; i++, j--) {
                int x = t.stack[i];
                t.stack[i] = t.stack[j];
                t.stack[j] = x;
            }
            if (terminals == 0) continue; /* play_out: no end card, no win */
        } else {
            t.pending = pending;
        }
        t.rng = *rng;
        if (!fresh) choose(&t, first_move);
        wins += play_on(&t);
        *rng = t.rng;
    }
    return wins;
}
