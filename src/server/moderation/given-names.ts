/**
 * Common given names of English-speaking pupils (US, UK, Australia; a mix of origins), in lower
 * case: teenagers write names without capitals ("nobody talk to ethan"), so the English form marks
 * these as a person (`zname`) wherever they stand. Names that are also everyday words (will, max,
 * mark, grace, hope, may, rose, jack, bill, ray, sue, pat, art, joy, faith, summer, river, sky,
 * dawn, april, june, august, holly, ivy, jade, ruby, amber, autumn, penny, sandy, chase, hunter,
 * drew, gene, rob, frank, mason) are left out: only a capital marks them.
 */
export const GIVEN_NAMES_EN: ReadonlySet<string> = new Set(
  `aaron abby abdul abigail adam adrian ahmed aidan aiden aisha alex alexa alexander alfie ali
  alice alicia alisha amelia amir amy ana andrew angela anna annie anthony archie aria ariana
  arjun arthur ashley aubrey austin ava ayesha bella ben benjamin beth bethany blake bradley
  brandon brayden brianna brooke bryan caitlin caleb callum cameron carlos carter charlie
  charlotte chloe chris christian cody connor cooper daisy daniel danny darren david dev devon
  diego dylan eddie edward eli elias elijah eliza ella ellie emily emma eric erin ethan eva evan
  evie ezra fatima finn finley freddie freya gabriel gavin george georgia gianna grayson hannah
  harper harry harvey hassan hayden henry holly hugo ian imogen isaac isabel isabella isabelle
  isla jacob jaden jake james jamie jasmine jason jayden jenna jennifer jess jessica jessie jonah
  jordan jose joseph josh joshua josie julia julian justin kai kayla kaylee keira kevin kian
  kieran kyle kylie lachlan layla leah leo leon levi liam lily lincoln logan lola lucas lucy luis
  luke lyla madison maddie maddy maisie malik maria mariam marcus matthew maya megan mia michael
  mila millie mohammed molly muhammad nadia naomi nathan nia nicholas noah nora olivia ollie
  omar oscar owen parker phoebe piper poppy priya rachel rafael rahul ravi reece riley rosie
  ryan sadie sam samuel sara sarah scarlett sebastian seth sienna sofia sophia sophie stella
  tariq taylor theo thomas tom tommy tyler victoria violet william wyatt xavier yusuf zach
  zachary zara zoe zoey`
    .split(/\s+/)
    .filter(Boolean),
);
