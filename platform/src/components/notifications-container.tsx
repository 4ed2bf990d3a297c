// Only the container (and its transitions), so the lazy chunk takes it and the first page keeps the store alone.
export { Notifications as default } from '@mantine/notifications';
