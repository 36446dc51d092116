/** The banners module's public face (ADR 0047): what other modules and the composition may use. */
export { bannersModule, type TBannersModule } from './banners.plugin';
