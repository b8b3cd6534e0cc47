/** The settings module's public surface (decision 016): the service other modules read, and its routes. */
export { createSettingsService, type SettingsService } from './settings.service';
export { settingsRoutes } from './settings.routes';
