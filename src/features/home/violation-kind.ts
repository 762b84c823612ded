// The violation kinds moved to src/lib (the outputs list tells an author why too, issue 26).
export {
  hidesImage,
  NO_IMAGE_URL,
  outputViolationKind,
  type ViolationKind,
} from '@/lib/violation-kind';
