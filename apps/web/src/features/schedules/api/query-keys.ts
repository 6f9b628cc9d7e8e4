/** Cached answers of the schedules panel (sign-out drops them with the rest). */
export const SCHEDULE_KEYS = {
  all: ['schedules'] as const,
};

export const SCHEDULE_PATHS = {
  list: '/api/schedules/',
  pause: (id: string) => `/api/schedules/${encodeURIComponent(id)}/pause/`,
  resume: (id: string) => `/api/schedules/${encodeURIComponent(id)}/resume/`,
  schedule: (id: string) => `/api/schedules/${encodeURIComponent(id)}/`,
} as const;
