import { any, entry as e, type ScreenEntry } from './entries';

/**
 * Self-harm and suicide inside a sentence (issue 26), Japanese and English, kind `selfHarm`,
 * always strong. The rules look for a wish, a plan, an act or a farewell in the first person:
 * 死にたい / 消えたい / いなくなりたい, リスカ, 手首切った, ODした, 薬をいっぱい飲んだ, 飛び降りよう,
 * 遺書, 生きてる意味がない, "I want to kill myself", "I took a bunch of pills", "better off
 * without me". Ordinary hyperbole does not match, because it has no wish or act: 死ぬほど笑った,
 * 死ぬかと思った, 死ぬ気で, ゲームで死んだ, "dying of laughter", "this homework is killing me",
 * "I died in the game".
 *
 * Japanese patterns read the `kana` form (natural hiragana), English ones the `english` form.
 */

/** First person and the time words a farewell is said with (今夜いなくなる, 明日には私はいない). */
const ME_OR_WHEN = any(
  '私',
  'わたし',
  'あたし',
  '僕',
  'ぼく',
  '俺',
  'おれ',
  'うち',
  '自分',
  'じぶん',
  '今夜',
  '今晩',
  'こんや',
  '今日で',
  '明日',
  'あした',
  'もうすぐ',
  'そろそろ',
  '近いうちに',
);
const GONE = any(
  'いなくなる',
  'いなくなります',
  '消える',
  'きえる',
  '消えます',
  '死ぬ(?=ね|から|よ|わ|$|[。.！!…])',
  'しぬ(?=ね|から|よ|わ|$|[。.！!…])',
);
/** "no longer here": もう…いない (明日はいないから alone is an absence, not a farewell). */
const NO_LONGER =
  'もう(?:[^。！？!?]{0,4}?(?:は|が))?(?:この世に)?いない(?=と思|かも|から|よ|ね|$|[。.！!…])';
const PILLS_JA = any(
  '薬',
  'くすり',
  '市販薬',
  '睡眠薬',
  '眠剤',
  '風邪薬',
  '頭痛薬',
  'ぶろん',
  '錠剤',
);
const LOTS_JA = any(
  'いっぱい',
  'たくさん',
  '大量に?',
  '全部',
  'ぜんぶ',
  'まとめて',
  '一気に',
  'いっきに',
  '一度に',
  '[0-9]+錠',
  '何十錠',
  '一箱',
  '1箱',
  '一瓶',
);

/** English first person, or the message's start (teenagers drop the "I"). */
const I =
  '(?:^ | i | im | i m | i am | i ll | ill | i will | i d | id | i just | i really | i kinda | i honestly | i seriously | me | i still | i kinda just )';

export const SELF_HARM_ENTRIES: readonly ScreenEntry[] = [
  // ── Japanese ─────────────────────────────────────────────────────────────────────────────
  // A wish or plan to die or disappear.
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:死|し)にたい|(?:死|し)のう(?:かな|と思|っと|っかな|か(?=$|[。、…]))|死んで(?:しまいたい|しまおう)|死んじゃいたい|死んじゃおう|(?:死|し)ねたら(?:いい|楽|らく)|(?:死|し)に(?:方|かた)|(?:死|し)ぬ(?:方法|ほうほう)|楽に(?:死|し)|らくに(?:死|し)|死ねる(?:かな|方法|薬|くすり)|(?:消|き)えたい|(?:消|き)えてしまいたい|(?:消|き)えちゃいたい|いなくなりたい|居なくなりたい|生きて(?:い)?たくない|いきていたくない',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:自殺|じさつ)(?:したい|しよ|する(?:かも|ね|わ|しか)|しちゃ|考え|かんがえ|未遂|みすい|して(?:やる|しまい)|の方法|方法|さいと|サイト|願望)',
  ),
  // A farewell: 今夜いなくなる, 明日にはもう私はいないと思う.
  e(
    'selfHarm',
    'strong',
    'kana',
    `${ME_OR_WHEN}(?:は|が|に|には|で)?(?:もう)?(?:${ME_OR_WHEN})?(?:は|が)?(?:もう)?${GONE}|${ME_OR_WHEN}(?:は|が|に|には|で)?${NO_LONGER}`,
  ),
  // Cutting and other self-injury.
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?<![ぁ-ゖ])りすか(?!る|ー)|りすとかっと|あむか(?![ぁ-ゖ])|れぐか(?![ぁ-ゖ])|根性焼き|自傷|じしょう行為|(?:手首|てくび|腕|うで|太もも|ふともも|足首)(?:を)?(?:また|今日も|きょうも|毎日)?(?:切|き)(?:った|っちゃ|る(?!とき)|りたい|って(?:る|しま|ちゃ)|ると|れば)|(?:自分|じぶん)(?:を|のこと)?(?:を)?(?:傷つけ|きずつけ|切り)(?:たい|たくなる|てしまう|ちゃう|ちゃった|てる|た(?=$|[。、…]))',
  ),
  e('selfHarm', 'strong', 'folded', 'リスカ(?!ル|ー)|リストカット|アムカ|レグカ'),
  // Overdose: ODした, オーバードーズ, 薬をいっぱい飲んだ.
  e(
    'selfHarm',
    'strong',
    'folded',
    '(?<![a-z])od(?![a-z])\\s?(?:した|しちゃ|しよ|する|って|中|しそう|しま|したい|気味)',
  ),
  e('selfHarm', 'strong', 'kana', 'おーばーどーず'),
  e('selfHarm', 'strong', 'kana', `${PILLS_JA}(?:を|も)?${LOTS_JA}(?:飲|の)`),
  // Hanging, jumping, trains.
  e(
    'selfHarm',
    'strong',
    'kana',
    '首(?:を)?(?:吊|つ)(?:ろう|りたい|る(?:しか|か)|ろっかな|った|ろうと)|首吊り|首つり|(?:飛び降り|とびおり)(?:たい|よう|ちゃ|自殺|る(?=$|[。、…]|しか|か(?:な|も)))|(?:屋上|おくじょう|びる|橋|はし|べらんだ|まんしょん)から(?:飛び|とび)(?:降り|おり)?(?:たい|よう|る(?=$|[、。…]))|(?:電車|でんしゃ|線路|せんろ)に(?:飛び込|とびこ)|(?:車|くるま|とらっく)に(?:ひかれ|轢かれ)(?:たい|よう)',
  ),
  // A note, a life not worth living, being better gone.
  e(
    'selfHarm',
    'strong',
    'kana',
    '遺書|生きてる(?:の|意味|いみ|価値|かち)(?:が|も|は)?(?:つらい|辛い|しんどい|苦しい|くるしい|ない|わからない|分からない|いや|嫌|疲れ)|生きる(?:の|意味|いみ|価値|かち|理由)(?:が|も|は)?(?:ない|わからない|分からない|見つからない|疲れ|つかれ|つらい|辛い)|生まれて(?:こなければ|こなきゃ|きたくなかった|こなかったら)|産まれて(?:こなければ|こなきゃ|きたくなかった)|人生(?:を)?(?:終わり|おわり|終わらせ|おわらせ)',
  ),
  e(
    'selfHarm',
    'strong',
    'kana',
    '(?:自分|じぶん|私|僕|俺|あたし)(?:なんか|なんて|が)(?:いない|居ない|消え|きえ|生まれ|死ん|しん)[^。]{0,6}?(?:ほうがいい|方がいい|ほうがまし|ばいい|ばよかった)',
  ),
  // ── English ──────────────────────────────────────────────────────────────────────────────
  e(
    'selfHarm',
    'strong',
    'english',
    `${I}(?:want to|wanna|wana|need to|m going to|am going to|going to|gonna|will|might|should|d like to|would like to|feel like|think i ll|m thinking about|am thinking about|thinking about|thinkin about|plan to|m planning to|planning to|just want to|kinda want to) (?:kill myself|kms|end it all|end it|end my life|die(?! laughing| of | from | inside| a little| for (?!real))|disappear|not exist|not be here|not wake up|hurt myself|cut myself|cut again|hang myself|overdose|od|take my (?:own )?life|jump(?:ing)? off|jump in front)`,
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' kill myself | killing myself | kms | suicidal | suicide (?:note|letter|plan|attempt) | commit suicide | (?:end|ending|take|taking) my (?:own )?life | self harm(?:ing|ed)? | selfharm | overdosed | overdosing | od d | hang myself | hanging myself ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:cut|cutting|hurt|hurting|harm|harming|burn|burning|starve|starving) myself (?:again|on purpose|intentionally|deliberately|every (?:day|night)|when|because|to feel) | (?:started|start|stopped|stop|been) cutting | cutting again | relapsed ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:took|take|taking|swallowed|swallow) (?:a bunch of|a lot of|all (?:my|the|of my|of the)|too many|so many|lots of|a handful of|a whole bottle of|[0-9]+) (?:pills|tablets|meds|medicine|painkillers|sleeping pills) | how many (?:pills|tablets|painkillers)[a-z ]* (?:die|kill|not wake|overdose) ',
  ),
  e(
    'selfHarm',
    'strong',
    'english',
    ' (?:don t|dont|do not|never) want to (?:be alive|live|exist|wake up|be here) | (?:wish|wished) i (?:was|were|had) (?:never been born|never born|not born|dead|not alive) | better off without me | (?:nobody|no one|noone) (?:would|will|d) (?:even )?(?:care|notice|miss me)[a-z ]* (?:if|when) i (?:died|die|was gone|disappeared|disappear|left|killed myself|wasn t here|was not here) | goodbye (?:letter|note) | end it (?:all|tonight|today) | goodbye (?:forever|cruel world) | (?:no|nothing to) (?:reason|point) (?:to|in) (?:live|living|being alive) ',
  ),
];
