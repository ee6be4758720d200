// libchafa (Debian libchafa-dev): draws the TUI's pictures as symbols, or
// as sixel or kitty graphics where the terminal says it shows them.
// Linked, not opened at run time: a library opened inside the static
// release executable brings a second C library, and GLib's thread-specific
// keys then collide with the Swift runtime's (docs/DEPENDENCIES.md). Debian
// ships libchafa.a and static GLib (libglib2.0-dev, libpcre2-dev), so the
// static executable carries them with its one C library.
//
// The few calls the TUI makes, declared here rather than through <chafa.h>,
// whose GLib headers would become every Swift module's: the objects are
// opaque, the enums plain ints (values from chafa's headers, stable since 1.4).
#ifndef FACET_CCHAFA_SHIM_H
#define FACET_CCHAFA_SHIM_H

#include <stddef.h>
#include <stdint.h>

typedef struct FacetChafaSymbolMap FacetChafaSymbolMap;
typedef struct FacetChafaCanvasConfig FacetChafaCanvasConfig;
typedef struct FacetChafaCanvas FacetChafaCanvas;

FacetChafaSymbolMap *chafa_symbol_map_new(void);
void chafa_symbol_map_unref(FacetChafaSymbolMap *map);
void chafa_symbol_map_add_by_tags(FacetChafaSymbolMap *map, int tags);

FacetChafaCanvasConfig *chafa_canvas_config_new(void);
void chafa_canvas_config_unref(FacetChafaCanvasConfig *config);
void chafa_canvas_config_set_geometry(FacetChafaCanvasConfig *config, int width, int height);
void chafa_canvas_config_set_symbol_map(FacetChafaCanvasConfig *config, const FacetChafaSymbolMap *map);
void chafa_canvas_config_set_canvas_mode(FacetChafaCanvasConfig *config, int mode);
void chafa_canvas_config_set_pixel_mode(FacetChafaCanvasConfig *config, int pixel_mode);
void chafa_canvas_config_set_cell_geometry(FacetChafaCanvasConfig *config, int cell_width, int cell_height);

FacetChafaCanvas *chafa_canvas_new(const FacetChafaCanvasConfig *config);
void chafa_canvas_unref(FacetChafaCanvas *canvas);
void chafa_canvas_draw_all_pixels(
    FacetChafaCanvas *canvas, int src_pixel_type, const uint8_t *src_pixels, int src_width, int src_height,
    int src_rowstride);
uint32_t chafa_canvas_get_char_at(FacetChafaCanvas *canvas, int x, int y);

// GLib's GString (its layout is GLib's stable ABI): what chafa_canvas_print
// returns, freed with g_string_free. A null terminal info makes chafa use
// its fallback sequences, which hold both sixel's and kitty's.
typedef struct FacetGString {
    char *str;
    size_t len;
    size_t allocated_len;
} FacetGString;
FacetGString *chafa_canvas_print(FacetChafaCanvas *canvas, void *term_info);
char *g_string_free(FacetGString *string, int free_segment);

#endif
