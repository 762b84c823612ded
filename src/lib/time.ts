import dayjs from 'dayjs';
import { TIME_FORMAT } from '@/contracts/constants';

/** Formats epoch milliseconds (or a Date) as the product's YYYY/MM/DD HH:mm, in local time. */
export function formatDateTime(value: number | Date): string {
  return dayjs(value).format(TIME_FORMAT);
}

/** Formats only the date part, YYYY/MM/DD. */
export function formatDate(value: number | Date): string {
  return dayjs(value).format('YYYY/MM/DD');
}
