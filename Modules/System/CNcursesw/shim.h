// The wide-character ncurses API for Swift. The two defines must come before
// <ncurses.h>, or `wget_wch`, `mvwaddnwstr` and `cchar_t` are not declared.
// Macros Swift cannot import (attributes, COLOR_PAIR, mouse masks) are
// wrapped in static inline functions named `facet_*`.
#ifndef FACET_CNCURSESW_SHIM_H
#define FACET_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncurses.h>

static inline attr_t facet_a_normal(void) { return A_NORMAL; }
static inline attr_t facet_a_bold(void) { return A_BOLD; }
static inline attr_t facet_a_reverse(void) { return A_REVERSE; }
static inline attr_t facet_a_dim(void) { return A_DIM; }
static inline attr_t facet_a_underline(void) { return A_UNDERLINE; }
static inline attr_t facet_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }

static inline int facet_key_f(int n) { return KEY_F(n); }

static inline mmask_t facet_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t facet_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t facet_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t facet_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t facet_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t facet_button5_pressed(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}

/// Draws `count` wide characters at (y, x) with `attrs` and colour `pair`.
static inline int facet_draw(int y, int x, const wchar_t *text, int count, attr_t attrs, short pair) {
    wattr_set(stdscr, attrs, pair, NULL);
    return mvwaddnwstr(stdscr, y, x, text, count);
}

#endif
