// Loaded by ./notify.tsx with the first notification on a page, in a chunk named after this file.
// biome-ignore lint/style/noRestrictedImports: the one module that imports Mantine's notifications.
export { Notifications, notifications } from '@mantine/notifications';
