/*
 * dlx1.h: the interface of dlx1.c (see there), called from Rust through
 * benches/src/dlx1c.rs.
 */
#ifndef DLX1_H
#define DLX1_H

#include <stdint.h>

/* Error codes of dlx1_new. */
#define DLX1_OK 0
#define DLX1_INVALID 1   /* bad sizes, an item out of range or repeated, too large */
#define DLX1_NO_MEMORY 2

/* DLX1's search statistics for one count of every solution. */
struct dlx1_stats {
    uint64_t solutions; /* exact covers found */
    uint64_t nodes;     /* search-tree nodes entered, plus 1 per solution */
    uint64_t updates;   /* items unlinked plus nodes hidden by cover */
};

struct dlx1;

/*
 * Builds the links of a problem with `items` items, the first `primary` of
 * them primary, and `options` options: option k has sizes[k] items, listed
 * one option after another in item_index (0-based item numbers, each
 * option's items distinct).  Options without a primary item are dropped.
 * Returns NULL and sets *error on bad input or when memory runs out; the
 * arrays are only read during the call.
 */
struct dlx1 *dlx1_new(int32_t items, int32_t primary, int32_t options,
                      const int32_t *sizes, const int32_t *item_index, int32_t *error);

/* Counts every solution; the links are restored when it returns, so the
 * count can be repeated. */
void dlx1_count(struct dlx1 *d, struct dlx1_stats *out);

/* Options kept (those with a primary item). */
int32_t dlx1_options(const struct dlx1 *d);

/* Frees what dlx1_new allocated; NULL is allowed. */
void dlx1_free(struct dlx1 *d);

#endif
