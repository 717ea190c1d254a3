/*
 * dlx1.c: a same-run baseline for the engine benchmarks.
 *
 * Algorithm X with dancing links as Knuth presents it in TAOCP 7.2.2.1 and
 * implements it in his program DLX1, written anew from the algorithm (no
 * code was copied) in DLX1's style: one array of nodes {up, down, itm},
 * the item headers first, a spacer between consecutive options, and a
 * doubly linked list of the active primary items.  The search counts
 * solutions, nodes and updates as DLX1 does, so its statistics can be
 * checked against DLX1's own figures.
 *
 * Layout (items are numbered 1..n here; the caller's 0-based item i is
 * item i + 1):
 *
 *   node 0            unused (item 0 is the root of the active list)
 *   nodes 1..n        item headers: up/down are the ends of the item's
 *                     vertical list, itm holds the item's length (len)
 *   node n + 1        the first spacer
 *   then per option   its nodes (itm = the item), then a spacer
 *
 * A spacer has itm <= 0 (minus the number of options before it); its up is
 * the first node of the option before it and its down the last node of the
 * option after it, so a walk around an option jumps back to its start (or
 * end) when it meets a spacer.  Every node index >= n + 1 is an option node
 * or a spacer, every index below is a header.
 *
 * The primary items 1..p form a circular list through prev/next with root
 * 0.  The secondary items p+1..n form their own circular list with root
 * n + 1, as in DLX1, so covering one unlinks it harmlessly.
 *
 * Options that contain no primary item are dropped: Algorithm X never
 * branches on a secondary item, so they could never be chosen.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "dlx1.h"

typedef struct {
    int up, down, itm;
} node;

typedef struct {
    int prev, next;
} item;

struct dlx1 {
    node *nd;        /* headers, spacers and option nodes */
    item *cl;        /* items 0..n + 1: roots and items */
    int *choice;     /* the node tried at each level */
    int n;           /* items */
    int primary;     /* primary items */
    int options;     /* options kept */
    int last_itm;    /* n + 1: the first node that is not a header */
};

#define len itm      /* in a header node, itm holds the item's length */
#define ROOT 0

/* Unlink item c and hide every option that contains it (DLX1's cover). */
static inline void cover(node *restrict nd, item *restrict cl, int last_itm, int c,
                         uint64_t *restrict updates)
{
    int l = cl[c].prev, r = cl[c].next;
    cl[l].next = r;
    cl[r].prev = l;
    (*updates)++;
    for (int rr = nd[c].down; rr >= last_itm; rr = nd[rr].down) {
        for (int nn = rr + 1; nn != rr;) {
            int uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
            if (cc <= 0) { /* a spacer: back to the option's first node */
                nn = uu;
                continue;
            }
            nd[uu].down = dd;
            nd[dd].up = uu;
            (*updates)++;
            nd[cc].len--;
            nn++;
        }
    }
}

/* Undo cover(c), in exactly the reverse order. */
static inline void uncover(node *restrict nd, item *restrict cl, int last_itm, int c)
{
    for (int rr = nd[c].up; rr >= last_itm; rr = nd[rr].up) {
        for (int nn = rr - 1; nn != rr;) {
            int uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
            if (cc <= 0) { /* a spacer: on to the option's last node */
                nn = dd;
                continue;
            }
            nd[uu].down = nn;
            nd[dd].up = nn;
            nd[cc].len++;
            nn--;
        }
    }
    int l = cl[c].prev, r = cl[c].next;
    cl[l].next = c;
    cl[r].prev = c;
}

struct dlx1 *dlx1_new(int32_t items, int32_t primary, int32_t options,
                      const int32_t *sizes, const int32_t *item_index, int32_t *error)
{
    *error = DLX1_INVALID;
    if (items < 0 || primary < 0 || primary > items || options < 0)
        return NULL;
    if (items > INT_MAX - 2)
        return NULL;
    /* Check every option and total the nodes before allocating. */
    int64_t total = 0;
    for (int32_t k = 0; k < options; k++) {
        if (sizes[k] <= 0)
            return NULL;
        total += sizes[k];
        if (total > INT_MAX)
            return NULL;
    }
    /* headers 0..n, a spacer per option plus one, the option nodes */
    int64_t node_count = (int64_t)items + 2 + options + total;
    if (node_count > INT_MAX)
        return NULL;

    *error = DLX1_NO_MEMORY;
    struct dlx1 *d = calloc(1, sizeof *d);
    int *seen = calloc((size_t)items + 1, sizeof *seen);
    if (d) {
        d->nd = calloc((size_t)node_count, sizeof *d->nd);
        d->cl = calloc((size_t)items + 2, sizeof *d->cl);
        d->choice = calloc((size_t)primary + 1, sizeof *d->choice);
    }
    if (!d || !seen || !d->nd || !d->cl || !d->choice) {
        free(seen);
        dlx1_free(d);
        return NULL;
    }
    node *nd = d->nd;
    item *cl = d->cl;
    int n = items, p = primary;
    d->n = n;
    d->primary = p;
    d->last_itm = n + 1;

    /* The active list of primary items, and the list of secondary ones. */
    for (int c = 0; c <= p; c++) {
        cl[c].prev = c == 0 ? p : c - 1;
        cl[c].next = c == p ? ROOT : c + 1;
    }
    int sroot = n + 1;
    cl[sroot].prev = p < n ? n : sroot;
    cl[sroot].next = p < n ? p + 1 : sroot;
    for (int c = p + 1; c <= n; c++) {
        cl[c].prev = c == p + 1 ? sroot : c - 1;
        cl[c].next = c == n ? sroot : c + 1;
    }
    for (int c = 1; c <= n; c++) {
        nd[c].up = nd[c].down = c;
        nd[c].len = 0;
    }

    /* The first spacer, then each option followed by a spacer. */
    int spacer = n + 1;
    nd[spacer].itm = 0;
    nd[spacer].up = nd[spacer].down = spacer;
    int kept = 0;
    const int32_t *its = item_index;
    for (int32_t k = 0; k < options; its += sizes[k], k++) {
        int has_primary = 0;
        for (int32_t j = 0; j < sizes[k]; j++) {
            int32_t i = its[j];
            if (i < 0 || i >= n || seen[i + 1] == k + 1) {
                *error = DLX1_INVALID;
                free(seen);
                dlx1_free(d);
                return NULL;
            }
            seen[i + 1] = k + 1;
            has_primary |= i < p;
        }
        if (!has_primary) /* DLX1: "Option ignored (no primary items)" */
            continue;
        int first = spacer + 1;
        for (int32_t j = 0; j < sizes[k]; j++) {
            int x = first + j, c = its[j] + 1;
            nd[x].itm = c;
            nd[x].up = nd[c].up; /* append at the bottom of c's list */
            nd[x].down = c;
            nd[nd[c].up].down = x;
            nd[c].up = x;
            nd[c].len++;
        }
        int last = first + sizes[k] - 1;
        nd[spacer].down = last;
        spacer = last + 1;
        kept++;
        nd[spacer].itm = -kept;
        nd[spacer].up = first;
        nd[spacer].down = spacer;
    }
    d->options = kept;
    free(seen);
    *error = DLX1_OK;
    return d;
}

void dlx1_free(struct dlx1 *d)
{
    if (!d)
        return;
    free(d->nd);
    free(d->cl);
    free(d->choice);
    free(d);
}

int32_t dlx1_options(const struct dlx1 *d)
{
    return d->options;
}

void dlx1_count(struct dlx1 *d, struct dlx1_stats *out)
{
    node *restrict nd = d->nd;
    item *restrict cl = d->cl;
    int *restrict choice = d->choice;
    const int last_itm = d->last_itm;
    uint64_t nodes = 0, updates = 0, count = 0;
    int level = 0, best_itm, cur_node;

    if (cl[ROOT].next == ROOT) {
        /* No primary item: the empty set of options is the one solution.
         * (DLX1 assumes at least one primary item.) */
        out->solutions = 1;
        out->nodes = 2;
        out->updates = 0;
        return;
    }

forward: /* X2: enter a level; X3: choose an item */
    nodes++;
    {
        int t = INT_MAX;
        best_itm = ROOT;
        for (int k = cl[ROOT].next; t && k != ROOT; k = cl[k].next)
            if (nd[k].len < t)
                best_itm = k, t = nd[k].len;
    }
    cover(nd, cl, last_itm, best_itm, &updates); /* X4 */
    cur_node = choice[level] = nd[best_itm].down;

advance: /* X5: try the option of cur_node */
    if (cur_node == best_itm)
        goto backup;
    for (int pp = cur_node + 1; pp != cur_node;) {
        int cc = nd[pp].itm;
        if (cc <= 0)
            pp = nd[pp].up;
        else
            cover(nd, cl, last_itm, cc, &updates), pp++;
    }
    if (cl[ROOT].next == ROOT) { /* every primary item is covered */
        nodes++;
        count++;
        goto recover;
    }
    level++;
    goto forward;

backup: /* X7: this item is exhausted */
    uncover(nd, cl, last_itm, best_itm);
    if (level == 0)
        goto done;
    level--;
    cur_node = choice[level];
    best_itm = nd[cur_node].itm;

recover: /* X6: undo the option of cur_node, then try the next one */
    for (int pp = cur_node - 1; pp != cur_node;) {
        int cc = nd[pp].itm;
        if (cc <= 0)
            pp = nd[pp].down;
        else
            uncover(nd, cl, last_itm, cc), pp--;
    }
    cur_node = choice[level] = nd[cur_node].down;
    goto advance;

done:
    out->solutions = count;
    out->nodes = nodes;
    out->updates = updates;
}
