// Typography without a plugin: descendant selectors on the wrapper.
export const PROSE = [
  'text-slate-200 leading-7 space-y-4',
  '[&_h1]:mt-8 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-white',
  '[&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white',
  '[&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-white',
  '[&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-white',
  '[&_a]:text-brand-300 [&_a]:underline [&_a:hover]:text-brand-100',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_.contains-task-list]:list-none [&_.contains-task-list]:pl-0',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:text-slate-300',
  '[&_code]:rounded [&_code]:bg-ink-800 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-ink-800 [&_pre]:p-4 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-left [&_th]:border [&_th]:border-white/20 [&_th]:bg-ink-800 [&_th]:px-3 [&_th]:py-2',
  '[&_td]:border [&_td]:border-white/20 [&_td]:px-3 [&_td]:py-2',
  '[&_img]:max-w-full [&_img]:rounded-md [&_hr]:border-white/15 [&_del]:text-slate-400',
].join(' ')
