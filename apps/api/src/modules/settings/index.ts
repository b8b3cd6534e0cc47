/**
 * The settings module's public surface (decision 016): the service other modules read, one value read
 * straight from the table (inside a transaction, or where the service's cache is too old), and its routes.
 */
export { createSettingsService, pickText, type SettingsService } from './settings.service';
export { readSetting } from './settings.repository';
export { settingsRoutes } from './settings.routes';
