extension TUIFrontEnd {
    public static var optionsHelp: String? {
        """
        Usage: facet --ui tui [--no-mouse] [--ascii] [--no-pictures] [SCREEN [params]]

        Options:
          --no-mouse     leave the mouse to the terminal (no clicks, no wheel)
          --ascii        draw lines in ASCII (also a non-UTF-8 locale)
          --no-pictures  draw no covers or photos this run (kept off: facet settings set pictures off)
          SCREEN …       the screen to start at, with its parameters (facet --ui tui folders /usr)

        Environment: NO_COLOR (monochrome), FACET_PICTURES=on|off (pictures this run, over the setting),
          FACET_GRAPHICS=symbols|sixel|kitty (how pictures are drawn; by default, as the terminal answers when asked),
          TERM (a terminal that can address the cursor).
        Keys: '?' in the TUI lists them.
        """
    }
}
