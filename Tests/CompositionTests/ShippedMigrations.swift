import KernelPersistence
import PhotosPersistence
import PlaylistsPersistence
import StarsPersistence
import UsersPersistence

/// Every migration Facet's own features register, in the order a fresh
/// database runs them (the composition root's feature order): what tests of
/// databases made by earlier releases migrate to.
let allMigrations = Migrations.core + Migrations.playlists + Migrations.users + Migrations.stars + Migrations.photos
    + Migrations.playlistsLater + Migrations.usersLater
