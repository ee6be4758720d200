// libchafa (Debian libchafa-dev): draws the TUI's pictures as symbols.
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

FacetChafaCanvas *chafa_canvas_new(const FacetChafaCanvasConfig *config);
void chafa_canvas_unref(FacetChafaCanvas *canvas);
void chafa_canvas_draw_all_pixels(
    FacetChafaCanvas *canvas, int src_pixel_type, const uint8_t *src_pixels, int src_width, int src_height,
    int src_rowstride);
uint32_t chafa_canvas_get_char_at(FacetChafaCanvas *canvas, int x, int y);

#endif
