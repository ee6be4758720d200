import FeatureKit
import FoldersWiring
import PhotosWiring
import PlayerWiring
import PlaylistsWiring
import StarsWiring
import UsersWiring

extension FacetApp {
    /// Every feature of Facet, in the order a screen switcher lists them. A
    /// new feature adds its wiring module's import and one line here (and
    /// its own folder under Modules/Features) and nothing else: this is the
    /// one place of the composition root that names a feature, and it names
    /// it only as a `Feature` type.
    /// A package built on Facet passes this list plus its own features to
    /// `init(environment:frontEnds:features:)` (through `Launcher.main`).
    public static let features: [any Feature.Type] = [
        PlaylistFeature.self,
        UsersFeature.self,
        FoldersFeature.self,
        StarsFeature.self,
        PhotosFeature.self,
        PlayerFeature.self,
    ]
}
