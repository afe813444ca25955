import type { UpdateWidgetSettings, WidgetSettings } from '@showback/contract';
import { api } from '../../app/api.ts';

export const getWidgetSettings = (signal?: AbortSignal): Promise<WidgetSettings> => api.get<WidgetSettings>('widget', { signal });
export const updateWidgetSettings = (input: UpdateWidgetSettings): Promise<WidgetSettings> => api.put<WidgetSettings>('widget', input);
export const rotateWidgetKey = (): Promise<WidgetSettings> => api.post<WidgetSettings>('widget/rotate_key');
export const setUpWidget = (): Promise<WidgetSettings> => api.post<WidgetSettings>('widget/setup');
