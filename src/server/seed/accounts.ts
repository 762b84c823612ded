import type { Role } from '../../contracts/entities';

/**
 * The demo accounts the seed creates: one list for the seed, the README table and the
 * end-to-end tests. `login` says what logging in with the password gives.
 */
export interface DemoAccount {
  account: string;
  password: string;
  role: Role;
  displayName: string;
  /** Real name as the school registered it. */
  name: string;
  isGuest: boolean;
  /** 'ok', or 'suspended' (403) for the accounts whose only class is suspended. */
  login: 'ok' | 'suspended';
  /** Where the account lives: the demo school's classes, the second school, or nowhere. */
  groups: ReadonlyArray<'grade2' | 'class2a' | 'class2b' | 'sakura1a'>;
  termsAgreementVersion: number;
  isPasswordUnconfirmed: boolean;
  note: string;
}

export const DEMO_PASSWORDS = {
  teacher: 'tomoni-teacher',
  staff: 'tomoni-staff',
  admin: 'tomoni-admin',
  student: 'tomoni-student',
  supporter: 'tomoni-supporter',
  graduate: 'tomoni-graduate',
  guest: 'tomoni-guest',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

const STUDENT_NAMES = [
  'Haruto',
  'Yui',
  'Sota',
  'Hina',
  'Yuto',
  'Mei',
  'Riku',
  'Sakura',
  'Kaito',
  'Aoi',
  'Ren',
  'Yuna',
  'Minato',
  'Rin',
  'Hayato',
  'Mio',
  'Sora',
  'Koharu',
  'Itsuki',
  'Hana',
  'Takumi',
  'Akari',
  'Daiki',
  'Emma',
  'Kenta',
  'Saki',
  'Shota',
  'Nanami',
  'Yamato',
  'Kokona',
];

const students: DemoAccount[] = STUDENT_NAMES.map((first, i) => {
  const n = i + 1;
  return {
    account: `student${pad(n)}`,
    password: DEMO_PASSWORDS.student,
    role: 'member',
    displayName: first,
    name: `${first} Demo`,
    isGuest: false,
    login: 'ok',
    groups: ['class2a'],
    // student30 has not agreed to the terms yet (the terms dialog); student29 must change the
    // password a teacher set (the password prompt); the others land on / directly.
    termsAgreementVersion: n === 30 ? 0 : 1,
    isPasswordUnconfirmed: n === 29,
    note:
      n === 30
        ? 'terms not agreed: the terms dialog appears after login'
        : n === 29
          ? 'password flagged unconfirmed: the change-password prompt appears'
          : 'Class 2-A',
  };
});

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    account: 'teacher',
    password: DEMO_PASSWORDS.teacher,
    role: 'teacher',
    displayName: 'Sato Sensei',
    name: 'Sato Keiko',
    isGuest: false,
    login: 'ok',
    groups: ['grade2', 'class2a', 'class2b'],
    termsAgreementVersion: 1,
    isPasswordUnconfirmed: false,
    note: 'teaches Grade 2 (Class 2-A and the suspended 2-B)',
  },
  {
    account: 'staff',
    password: DEMO_PASSWORDS.staff,
    role: 'staff',
    displayName: 'Tomoni Staff',
    name: 'Suzuki Jun',
    isGuest: false,
    login: 'ok',
    groups: ['grade2'],
    termsAgreementVersion: 1,
    isPasswordUnconfirmed: false,
    note: 'provider staff, member of Grade 2',
  },
  {
    account: 'admin',
    password: DEMO_PASSWORDS.admin,
    role: 'admin',
    displayName: 'Tomoni Admin',
    name: 'Takahashi Rei',
    isGuest: false,
    login: 'ok',
    groups: [],
    termsAgreementVersion: 1,
    isPasswordUnconfirmed: false,
    note: 'provider admin, no school',
  },
  ...students,
  {
    account: 'supporter',
    password: DEMO_PASSWORDS.supporter,
    role: 'supporter',
    displayName: 'Supporter Ito',
    name: 'Ito Mika',
    isGuest: false,
    login: 'ok',
    groups: ['class2a'],
    termsAgreementVersion: 1,
    isPasswordUnconfirmed: false,
    note: 'supports Class 2-A',
  },
  {
    account: 'graduate',
    password: DEMO_PASSWORDS.graduate,
    role: 'graduated',
    displayName: 'Graduate Mori',
    name: 'Mori Aya',
    isGuest: false,
    login: 'ok',
    groups: [],
    termsAgreementVersion: 1,
    isPasswordUnconfirmed: false,
    note: 'graduated: read-only, no "Work on project"',
  },
  {
    account: 'guest',
    password: DEMO_PASSWORDS.guest,
    role: 'member',
    displayName: 'Guest',
    name: 'Guest',
    isGuest: true,
    login: 'ok',
    groups: ['class2a'],
    termsAgreementVersion: 1,
    isPasswordUnconfirmed: false,
    note: 'guest member: may look around, may not post outputs',
  },
  {
    account: 'student2b',
    password: DEMO_PASSWORDS.student,
    role: 'member',
    displayName: 'Kenji',
    name: 'Kenji Demo',
    isGuest: false,
    login: 'suspended',
    groups: ['class2b'],
    termsAgreementVersion: 1,
    isPasswordUnconfirmed: false,
    note: 'only in the suspended Class 2-B: login answers 403 (suspendedMember)',
  },
  {
    account: 'teacher2b',
    password: DEMO_PASSWORDS.teacher,
    role: 'teacher',
    displayName: 'Tanaka Sensei',
    name: 'Tanaka Hiro',
    isGuest: false,
    login: 'suspended',
    groups: ['class2b'],
    termsAgreementVersion: 1,
    isPasswordUnconfirmed: false,
    note: 'only in the suspended Class 2-B: login answers 403 (suspendedTeacher)',
  },
  {
    account: 'sakura01',
    password: DEMO_PASSWORDS.student,
    role: 'member',
    displayName: 'Sakura Student',
    name: 'Nakamura Yu',
    isGuest: false,
    login: 'ok',
    groups: ['sakura1a'],
    termsAgreementVersion: 1,
    isPasswordUnconfirmed: false,
    note: 'another school (Sakura Junior High): cannot see the demo school',
  },
  {
    account: 'sakura-teacher',
    password: DEMO_PASSWORDS.teacher,
    role: 'teacher',
    displayName: 'Sakura Sensei',
    name: 'Kobayashi Ken',
    isGuest: false,
    login: 'ok',
    groups: ['sakura1a'],
    termsAgreementVersion: 1,
    isPasswordUnconfirmed: false,
    note: "another school's teacher (Sakura 1-A): cannot see the demo school",
  },
];

/** The account of a given role that logs in normally (first match). */
export function demoAccount(account: string): DemoAccount {
  const found = DEMO_ACCOUNTS.find((a) => a.account === account);
  if (!found) throw new Error(`no demo account ${account}`);
  return found;
}
