import { any, entry as e, type ScreenEntry } from './entries';

/**
 * Exclusion and organised ignoring aimed at someone (issue 26), kind `exclusion`, strong. Built
 * from structure, not from sentences: someone (a name, a pronoun, あの子, 転校生, him/her, a
 * capitalised name) + a particle + an act of leaving them out, said as an order, a proposal or a
 * decision (遊ぶな, 無視しよう, ハブろう, 仲間外れにしよう, 話すの禁止, 誘わないでおこう, "nobody
 * sit with her", "leave Sam out", "kick him out").
 *
 * The same verbs about things, rules or advice pass: 川で遊ぶな (a place, で), 知らない人と話すな
 * (safety advice), 5番は無視していい (a question), 仲間外れにするのはよくない (no order), ハブ空港,
 * "ignore the typo", "don't talk to strangers".
 *
 * Japanese patterns read the `kana` form (natural hiragana, so ゆうととは keeps both と);
 * English ones read the `named` form (capitalised names inside a sentence written `zname`).
 */

// ── Japanese ───────────────────────────────────────────────────────────────────────────────
/** Pronouns and words for a person pupils leave out. */
const PERSON_JA = any(
  'あいつ(?:ら)?',
  'こいつ(?:ら)?',
  'そいつ(?:ら)?',
  'あの子(?:たち)?',
  'あのこ',
  'あの人',
  'あのひと',
  'あの女',
  'あの男',
  'あの(?:ぶす|でぶ|くず|かす|がり勉|陰きゃ)',
  'お前',
  'おまえ',
  'あんた',
  'てめー',
  'てめえ',
  '転校生',
  'てんこうせい',
  '新入り',
  '[一-龠々ぁ-ゖ]{1,5}(?:さん|くん|君|ちゃん|ちん|っち)',
);
/** Someone the advice is about, not a classmate: 知らない人と話すな. */
const GENERIC_JA =
  '(?<!知らない人|しらない人|知らないひと|他人|不審者|怪しい人|あやしい人|大人|見知らぬ人|ねっとの人|ネットの人|変な人|へんな人|悪い人|わるい人|動物|犬|猫|火|川|海|池)';
/** With someone: と, とは, とも, and 一緒に. */
const WITH = `${GENERIC_JA}(?:と|とは|とも)(?:もう|絶対|ぜったい|二度と|にどと|一緒に|いっしょに)*`;
/** Being with someone (dictionary form and the stem before ない). */
const SOCIAL = any(
  '遊[ぶば]',
  'あそ[ぶば]',
  '話[すさ]',
  'はな[すさ]',
  'しゃべ[るら]',
  '喋[るら]',
  '口(?:を)?(?:きく|きか|聞く|聞か)',
  '関わ[るら]',
  'かかわ[るら]',
  '絡[むま]',
  'から[むま]',
  'つる[むま]',
  '仲良く(?:する|し)',
  'なかよく(?:する|し)',
  '(?:一緒|いっしょ)に(?:い[るら]|帰[るら])',
  '帰[るら]',
  '目を合わせ',
);
/** An order, a proposal or a decision not to (な, ないでおこう, の禁止). */
const DONT = any(
  'な(?![らのんいがくどさ])',
  'んな',
  'ないで(?:ね|よ|おこ|おく|いい|$|[、。！!])',
  'ないこと(?:に(?:しよ|する|決定))?(?!は|が|を|も)',
  'ない(?:ように|ようにしよ)',
  'の(?:は)?(?:禁止|きんし|なし|やめ|だめ)',
);
/** The forms that make 無視 / しかと / はぶ an order or a decision. */
const DECIDE = any(
  'しよ(?!うと(?:する|した|して))',
  'しろ',
  'しようぜ',
  'な(?=$|[、。！!よw])',
  'ね(?=$|[、。！!w])',
  'で(?=$|[、。！!w]|いい|ok|よろ|決定)',
  '決定',
  'けってい',
  '確定',
  'する(?:ぞ|から|わ|こと(?![はがをも])|って)',
  'しと(?:こ|け)',
  'しておこ',
  'しといて',
  'されろ',
);
/** Together: みんなで, 全員, 明日から … */
const TOGETHER = any(
  'みんな(?:で|も)',
  '皆で',
  '全員(?:で)?',
  'くらす(?:全員|みんな)?で',
  '今日から',
  'きょうから',
  '明日から',
  'あしたから',
  'これから',
  'ずっと',
);

export const EXCLUSION_ENTRIES: readonly ScreenEntry[] = [
  // X とは遊ぶな / X と話すの禁止 / X とは口きかないことにしよう / X とはもう関わるな
  e('exclusion', 'strong', 'kana', `${WITH}(?:${SOCIAL})${DONT}`),
  // X と話したら仲間外れ / X としゃべったやつも無視
  e(
    'exclusion',
    'strong',
    'kana',
    `${WITH}(?:話|はな|しゃべ|喋|遊|あそ|仲良く|なかよく|絡|から)[^。！？!?]{0,8}?(?:やつ|奴|人|ひと|者)?も?(?:無視|むし|しかと|はぶ|仲間外れ|仲間はずれ|なかまはずれ)`,
  ),
  // 無視 aimed at a person: あいつ/Xくん/Xのこと, or 今日から/みんなで … 無視しよう
  e(
    'exclusion',
    'strong',
    'kana',
    `${PERSON_JA}(?:の(?:こと|事))?(?:は|を|も)?(?:もう)?(?:無視|むし)${DECIDE}`,
  ),
  e(
    'exclusion',
    'strong',
    'kana',
    `[ぁ-ゖ一-龠]{1,6}(?:の(?:こと|事))(?:は|を|も)?(?:みんなで|全員で)?(?:無視|むし|しかと)${DECIDE}`,
  ),
  e('exclusion', 'strong', 'kana', `${TOGETHER}[^。！？!?]{0,12}?(?:無視|むし|しかと)${DECIDE}`),
  // A hiragana name (りな, たかし) as the one to ignore: りなは無視で (katakana words such as
  // ノイズ or エラー are things more often than people, and stay out).
  e(
    'exclusion',
    'strong',
    'folded',
    `(?:^|[\\s、。！!？?]|から|で|も)(?!この|その|あの[^子人])[ぁ-ゖ]{2,5}(?:は|を)(?:もう)?(?:無視|むし)${DECIDE}`,
  ),
  // シカト and ハブ are always about a person.
  e('exclusion', 'strong', 'kana', `しかと${DECIDE}|しかと(?:しよ|しろ|決定)`),
  e(
    'exclusion',
    'strong',
    'kana',
    'はぶ(?:ろう|ろ(?=$|[、。！!w\\s])|ろうぜ|る(?:ぞ|わ|か|こと|から|って)|られろ|けてい|決定|確定|にしよ)',
  ),
  e(
    'exclusion',
    'strong',
    'folded',
    'ハブ(?:ね|な|で(?:いい|よろ|決定|OK|ok)?|決定|確定|けってい|る|ろ|ら|っ|に)(?=$|[、。！!w\\s]|いい|ぞ|よ|う|ぜ|て|た)',
  ),
  // 仲間外れにしよう / 仲間外れだから / 仲間外れ決定
  e(
    'exclusion',
    'strong',
    'kana',
    '(?:仲間|なかま)(?:外|はず)れ(?:に(?:しよう?(?!と(?:する|した|して|しな))|しろ|する(?:ぞ|から|わ|か|こと(?![はがをも])|って)|してやる|しと|決定)|だから|だよ|ね(?=$|[、。！!w])|な(?=$|[、。！!])|決定|けってい|確定|で(?:いい|よろ|決定)?(?=$|[、。！!w\\s]))',
  ),
  // Out of the group: グループから外そう, 班に入れないでおこう, 班から抜けろ
  e(
    'exclusion',
    'strong',
    'kana',
    '(?:ぐるーぷ|ぐる|班|はん|ちーむ|部活|仲間|輪|らいん|line|ぐるちゃ|くらす)(?:から|に|には|へ)(?:は)?(?:外そ|はずそ|外せ|はずせ|外して|はずして|抜けろ|ぬけろ|抜けて(?:よ|ほしい|くれ)|出てけ|でてけ|出ていけ|追い出|おいだ|入れない(?:で|ように|こと)|いれない(?:で|ように|こと)|入れるな|いれるな|入れてやらない|呼ぶな|よぶな)',
  ),
  // Not inviting: Xだけ誘わないでおこう, X を誘うのはなし
  e(
    'exclusion',
    'strong',
    'kana',
    '(?:誘|さそ|呼|よ)(?:わない|ばない)(?:で(?:おこ|おく|いい|ね|よ)|ように|ことにしよ)|(?:誘|さそ|呼|よ)(?:う|ぶ)(?:の|のは)(?:なし|禁止|きんし|やめ)|(?:誘|さそ)うな(?=$|[、。！!よ])',
  ),
  // Nobody to answer, sit near or like them: 誰も相手にするな, Xの近くに座るな, Xの投稿にいいねするな
  e(
    'exclusion',
    'strong',
    'kana',
    '相手に(?:するな|すんな|しないで(?:おこ|ね|いい)|しない(?:ように|ことに))|の(?:近く|ちかく|隣|となり|横|よこ|前|後ろ)に(?:は)?(?:誰も|だれも)?(?:座|すわ)(?:るな|んな|らないで)|の(?:投稿|とうこう|ぽすと|作品|さくひん|発表|こめんと)に(?:は)?(?:いいね|こめんと|反応|返信)(?:する|し)?(?:な(?=$|[、。！!よ])|ないで)',
  ),
  // ── English ──────────────────────────────────────────────────────────────────────────────
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:nobody|no one|noone|no1|don t|dont|do not|never|lets all|let s all|lets|let s|everyone|everybody|we should all|we should|y all|yall|guys|pls|please) (?:sit with|sit next to|sit near|talk to|talk with|play with|hang out with|hang with|be friends with|invite|pick|choose|reply to|text|add|follow|unfollow|block|ignore|let) (?:him|her|them|that (?:kid|girl|boy|guy|weirdo|loser|freak)|the new (?:kid|girl|boy|guy|student)|zname) (?!know|win|finish|borrow)`,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:leave|leaving|kick|kicking|keep|keeping|throw|vote|voting|boot|cut) (?:him|her|them|that (?:kid|girl|boy|guy)|the new (?:kid|girl|boy|guy)|zname) out `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:he|she|they|zname|that (?:kid|girl|boy|guy)|the new (?:kid|girl|boy|guy)) (?:is|s|are|re|isn t|isnt|aren t|arent) (?:not )?(?:allowed|welcome|invited) (?:at our|in our|with us|here|to (?:sit|join|play|come)|anymore) `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:not|stop being|no longer) friends with (?:him|her|them|zname)| unfriend (?:him|her|them|zname) | if (?:you|u) (?:talk to|sit with|hang out with|play with|hang with) (?:him|her|them|zname) (?:you re|youre|ur|u r|you are) (?:out|next|not) `,
  ),
  e(
    'exclusion',
    'strong',
    'named',
    ` (?:nobody|no one|noone) (?:wants|likes) (?:him|her|them|zname) | (?:he|she|they|zname) (?:doesn t|doesnt|does not|don t|dont|do not) belong (?:here|with us|in our) `,
  ),
];
